import { App, Button, Flex, Tag, Typography } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../../lib/errors.ts';

export interface Assignment {
  /** The assignment's id (what the delete call takes). */
  id: number;
  name: string;
}

/** The words of one tag list, already translated. */
export interface AssignmentTexts {
  /** Shown when nothing is assigned. */
  none: string;
  /** The manage button's label. */
  manage: string;
  /** The x's accessible name. */
  removeLabel: (name: string) => string;
  confirmTitle: (name: string) => string;
  confirmText: string;
  confirmOk: string;
  removed: string;
}

interface AssignmentTagsProps {
  items: readonly Assignment[];
  texts: AssignmentTexts;
  /** Deletes one assignment; the tag list refreshes after. */
  onRemove: (item: Assignment) => Promise<unknown>;
  onManage: () => void;
}

/**
 * What a row handles (queue types, stations) as tags, each with an x that asks first, and a
 * button that opens the checkbox dialog.
 */
export function AssignmentTags({ items, texts, onRemove, onManage }: AssignmentTagsProps) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();

  const confirmRemove = (item: Assignment) => {
    modal.confirm({
      title: texts.confirmTitle(item.name),
      content: texts.confirmText,
      okText: texts.confirmOk,
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        onRemove(item).then(
          () => void message.success(texts.removed),
          (error: unknown) => void message.error(errorMessage(t, error)),
        ),
    });
  };

  return (
    <Flex wrap gap={6} align="center">
      {items.length === 0 && <Typography.Text type="secondary">{texts.none}</Typography.Text>}
      {items.map((item) => (
        <Tag
          key={item.id}
          color="blue"
          closable={{ 'aria-label': texts.removeLabel(item.name) }}
          onClose={(event) => {
            event.preventDefault();
            confirmRemove(item);
          }}
          style={{ marginInlineEnd: 0 }}
        >
          {item.name}
        </Tag>
      ))}
      <Button size="small" type="dashed" icon={<SettingOutlined aria-hidden />} onClick={onManage}>
        {texts.manage}
      </Button>
    </Flex>
  );
}
