import { Button, Card, Empty, Flex, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { EditOutlined, PlusOutlined, StopOutlined, UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Reason } from '@truck-queue/shared/contracts/yard.contract';
import type { ReasonKind } from '@truck-queue/shared/queue/yard-rules';

interface ReasonListCardProps {
  kind: ReasonKind;
  /** This kind's reasons, in the list's order (reason-rules.ts reasonsOfKind). */
  reasons: Reason[];
  /** The branch's queue types' names by id: a reason narrowed to some names them. */
  queueTypeNames: ReadonlyMap<number, string>;
  loading: boolean;
  /** A retire or restore is being saved for this reason. */
  busyId: number | null;
  onAdd: () => void;
  onEdit: (reason: Reason) => void;
  /** Retire an active reason or restore a retired one. */
  onToggle: (reason: Reason) => void;
}

/**
 * One reason list (recheck, reject or void): what officers pick from, in order. A retired
 * reason stays, greyed, so old tickets keep their words; it is offered again once restored.
 */
export function ReasonListCard({
  kind,
  reasons,
  queueTypeNames,
  loading,
  busyId,
  onAdd,
  onEdit,
  onToggle,
}: ReasonListCardProps) {
  const { t } = useTranslation();
  const active = reasons.filter((reason) => reason.active).length;

  const columns: TableColumnsType<Reason> = [
    {
      key: 'sort',
      title: t('yard.rules.sortShort'),
      dataIndex: 'sort',
      width: 64,
      align: 'end',
      render: (value: number, reason) => (
        <Typography.Text type={reason.active ? undefined : 'secondary'}>{value}</Typography.Text>
      ),
    },
    {
      key: 'name',
      title: t('yard.rules.name'),
      dataIndex: 'name',
      render: (value: string, reason) => (
        <Flex vertical gap={2}>
          {reason.active ? (
            <Typography.Text strong>{value}</Typography.Text>
          ) : (
            <Flex gap={6} wrap align="center">
              <Typography.Text type="secondary" delete>
                {value}
              </Typography.Text>
              <Tag style={{ marginInlineEnd: 0 }}>{t('yard.rules.retired')}</Tag>
            </Flex>
          )}
          {/* A reason for every queue type says nothing more; one narrowed to some names them. */}
          {reason.queue_type_ids.length > 0 && (
            <Typography.Text type="secondary" style={{ fontSize: 13 }}>
              {t('yard.rules.onlyFor', {
                types: reason.queue_type_ids.map((id) => queueTypeNames.get(id) ?? `#${id}`).join(', '),
              })}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      key: 'actions',
      title: t('catalog.common.actions'),
      // The row's action stays in view however wide the table (an office PC's 1366 px).
      fixed: 'end',
      width: 96,
      render: (_value, reason) => (
        <Flex gap={4}>
          <Tooltip title={t('catalog.common.edit')}>
            <Button
              size="small"
              icon={<EditOutlined aria-hidden />}
              aria-label={`${t('catalog.common.edit')}: ${reason.name}`}
              onClick={() => onEdit(reason)}
            />
          </Tooltip>
          <Tooltip title={reason.active ? t('yard.rules.retire') : t('yard.rules.restore')}>
            <Button
              size="small"
              danger={reason.active}
              icon={reason.active ? <StopOutlined aria-hidden /> : <UndoOutlined aria-hidden />}
              aria-label={`${reason.active ? t('yard.rules.retire') : t('yard.rules.restore')}: ${reason.name}`}
              loading={busyId === reason.id}
              onClick={() => onToggle(reason)}
            />
          </Tooltip>
        </Flex>
      ),
    },
  ];

  return (
    <Card
      data-testid={`reasons-${kind}`}
      title={
        <Flex align="center" gap={8} wrap>
          <span>{t(`yard.rules.kinds.${kind}`)}</span>
          <Tag style={{ marginInlineEnd: 0 }}>{t('yard.rules.inUse', { count: active })}</Tag>
        </Flex>
      }
      extra={
        <Button size="small" type="primary" icon={<PlusOutlined aria-hidden />} onClick={onAdd}>
          {t('yard.rules.add')}
        </Button>
      }
      style={{ height: '100%' }}
      styles={{ body: { padding: '0 0 8px' } }}
    >
      <Typography.Paragraph type="secondary" style={{ margin: '12px 16px' }}>
        {t(`yard.rules.kindHints.${kind}`)}
      </Typography.Paragraph>
      <Table<Reason>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={reasons}
        loading={loading}
        pagination={false}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('yard.rules.empty')} />,
        }}
      />
    </Card>
  );
}
