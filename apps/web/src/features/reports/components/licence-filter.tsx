import { useState } from 'react';
import { Button, Flex, Input } from 'antd';
import { useTranslation } from 'react-i18next';

interface LicenceFilterProps {
  value: string;
  onApply: (licence: string) => void;
  close: () => void;
}

/** The licence column's filter: part of a plate, searched on the server. */
export function LicenceFilter({ value, onApply, close }: LicenceFilterProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const apply = (licence: string) => {
    onApply(licence.trim());
    close();
  };
  return (
    <Flex vertical gap={8} style={{ padding: 8, width: 240 }} onKeyDown={(event) => event.stopPropagation()}>
      <Input
        autoFocus
        value={text}
        onChange={(event) => setText(event.target.value)}
        onPressEnter={() => apply(text)}
        placeholder={t('reports.summary.licenceFilter.placeholder')}
        aria-label={t('reports.summary.licenceFilter.placeholder')}
        maxLength={20}
        allowClear
      />
      <Flex gap={8} justify="flex-end">
        <Button
          size="small"
          onClick={() => {
            setText('');
            apply('');
          }}
        >
          {t('reports.summary.licenceFilter.reset')}
        </Button>
        <Button size="small" type="primary" onClick={() => apply(text)}>
          {t('reports.summary.licenceFilter.apply')}
        </Button>
      </Flex>
    </Flex>
  );
}
