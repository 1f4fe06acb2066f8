import { AutoComplete, Button, Flex, Input, Segmented, Select, Typography } from 'antd';
import { CloseOutlined, HistoryOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LICENCE_MAX, visibleLength } from '@truck-queue/shared/licence';
import { MAX_PLATES, PLATE_NUMBER_MAX } from '@truck-queue/shared/plates';
import { searchProvinces, type Province } from '@truck-queue/shared/provinces';
import { visibleCount } from './licence-count.ts';
import {
  addTrailer,
  changePlate,
  draftFromLicence,
  draftLicence,
  EMPTY_DRAFT,
  removeTrailer,
  switchMode,
  typedSoFar,
  type PlateDraft,
  type PlateMode,
} from './plate-draft.ts';
import { findProvinces, provinceName, provincesFor } from './province-names.ts';
import { PlatesText } from './plates-text.tsx';
import { useRecentPlates } from './use-recent-plates.ts';

interface ProvinceOption {
  value: string;
  label: string;
  province: Province;
}

/**
 * A licence for an office form (a Form.Item control; its value is a PlateDraft): the plate's
 * number with the branch's recent plates as suggestions, its province from a searchable list of
 * the 77, a trailer's plate if the truck pulls one; or the whole licence typed freely. Under it,
 * the licence as the ticket will keep it.
 */
export function PlateInput({
  id,
  value = EMPTY_DRAFT,
  onChange,
}: {
  id?: string;
  value?: PlateDraft;
  onChange?: (draft: PlateDraft) => void;
}) {
  const { t, i18n } = useTranslation();
  const set = (draft: PlateDraft) => onChange?.(draft);
  const recent = useRecentPlates(typedSoFar(value));
  const suggestions =
    recent.length === 0
      ? []
      : [
          {
            label: (
              <span>
                <HistoryOutlined aria-hidden style={{ marginInlineEnd: 6 }} />
                {t('plates.recent')}
              </span>
            ),
            options: recent.map((licence) => ({ value: licence, label: licence })),
          },
        ];
  const licence = draftLicence(value);
  const thai = i18n.language.startsWith('th');
  const provinceOptions: ProvinceOption[] = provincesFor(i18n.language).map((province) => ({
    value: province.th,
    label: provinceName(province, i18n.language),
    province,
  }));

  const autoComplete = {
    options: suggestions,
    // What was typed first (onChange), then the chosen plate as a whole (onSelect) replaces it.
    onSelect: (chosen: string) => set(draftFromLicence(chosen)),
    popupMatchSelectWidth: 420,
  };

  return (
    <Flex vertical gap={8}>
      <Segmented<PlateMode>
        size="small"
        value={value.mode}
        onChange={(mode) => set(switchMode(value, mode))}
        options={[
          { value: 'parts', label: t('plates.modeParts') },
          { value: 'free', label: t('plates.modeFree') },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      {value.mode === 'free' ? (
        <AutoComplete
          {...autoComplete}
          value={value.text}
          onChange={(text: string) => set({ mode: 'free', text })}
        >
          <Input
            id={id}
            aria-label={t('plates.freeText')}
            placeholder={t('ticket.licencePlaceholder')}
            autoComplete="off"
            count={visibleCount(LICENCE_MAX, true)}
          />
        </AutoComplete>
      ) : (
        value.plates.map((plate, index) => (
          <Flex key={index} vertical gap={2}>
            {value.plates.length > 1 && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {index === 0 ? t('plates.tractor') : t('plates.trailer')}
              </Typography.Text>
            )}
            <Flex gap={8}>
              {index === 0 ? (
                <AutoComplete
                  {...autoComplete}
                  value={plate.number}
                  onChange={(number: string) => set(changePlate(value, 0, { number }))}
                  style={{ flex: 1, minWidth: 0 }}
                >
                  <Input
                    id={id}
                    aria-label={t('plates.number.tractor')}
                    placeholder={t('plates.numberPlaceholder')}
                    autoComplete="off"
                    count={visibleCount(PLATE_NUMBER_MAX)}
                  />
                </AutoComplete>
              ) : (
                <Input
                  aria-label={t('plates.number.trailer')}
                  placeholder={t('plates.numberPlaceholder')}
                  autoComplete="off"
                  count={visibleCount(PLATE_NUMBER_MAX)}
                  value={plate.number}
                  onChange={(event) => set(changePlate(value, index, { number: event.target.value }))}
                  style={{ flex: 1, minWidth: 0 }}
                />
              )}
              <Select<string, ProvinceOption>
                aria-label={index === 0 ? t('plates.provinceOf.tractor') : t('plates.provinceOf.trailer')}
                placeholder={t('plates.provinceOptional')}
                allowClear
                value={plate.province || undefined}
                onChange={(province) => set(changePlate(value, index, { province: province ?? '' }))}
                options={provinceOptions}
                showSearch={{
                  filterOption: (typed, option) =>
                    option !== undefined && searchProvinces(typed, [option.province]).length > 0,
                  filterSort: (a, b, { searchValue }) => {
                    const order = findProvinces(searchValue, i18n.language);
                    return order.indexOf(a.province) - order.indexOf(b.province);
                  },
                }}
                optionRender={(option) =>
                  thai ? (
                    option.data.label
                  ) : (
                    <Flex justify="space-between" gap={8}>
                      <span>{option.data.label}</span>
                      <Typography.Text type="secondary">{option.data.province.th}</Typography.Text>
                    </Flex>
                  )
                }
                notFoundContent={t('plates.noProvinceFound')}
                popupMatchSelectWidth={thai ? true : 340}
                style={{ width: 230, flex: 'none' }}
              />
              {/* The tractor's row keeps the trailer's remove button's place, so the rows line up. */}
              {index === 0 && value.plates.length > 1 && <span style={{ width: 32, flex: 'none' }} />}
              {index > 0 && (
                <Button
                  icon={<CloseOutlined />}
                  aria-label={t('plates.removeTrailer')}
                  onClick={() => set(removeTrailer(value))}
                />
              )}
            </Flex>
          </Flex>
        ))
      )}
      <Flex justify="space-between" align="center" gap={8} wrap>
        {value.mode === 'parts' && value.plates.length < MAX_PLATES ? (
          <Button
            type="link"
            icon={<PlusOutlined />}
            onClick={() => set(addTrailer(value))}
            style={{ paddingInline: 0 }}
          >
            {t('plates.addTrailer')}
          </Button>
        ) : (
          <span />
        )}
        {value.mode === 'parts' && licence !== '' && (
          <Typography.Text type="secondary" data-testid="plate-preview" style={{ textAlign: 'end' }}>
            {t('plates.savedAs')}{' '}
            <Typography.Text strong>
              <PlatesText licence={licence} />
            </Typography.Text>{' '}
            <span style={{ whiteSpace: 'nowrap' }}>
              ({t('plates.count', { n: visibleLength(licence), max: LICENCE_MAX })})
            </span>
          </Typography.Text>
        )}
      </Flex>
    </Flex>
  );
}
