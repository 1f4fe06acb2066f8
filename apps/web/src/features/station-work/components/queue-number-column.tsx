import { Typography, type TableColumnsType } from 'antd';
import { EarlierDayTag } from '../../../components/earlier-day-tag.tsx';

/**
 * A station list's first column: the queue number, and the ticket's day beside it when it is
 * of an earlier plant day than `today` (a truck inside since then: numbers restart each day).
 */
export function queueNumberColumn<T extends { queue_number: string; queue_date: string }>(
  title: string,
  today: string,
  width: number,
): TableColumnsType<T>[number] {
  return {
    key: 'queue_number',
    title,
    dataIndex: 'queue_number',
    width,
    fixed: 'start',
    render: (value: string, row: T) => (
      <span style={{ whiteSpace: 'nowrap' }}>
        <Typography.Text strong>{value}</Typography.Text>
        <EarlierDayTag day={row.queue_date} today={today} />
      </span>
    ),
  };
}
