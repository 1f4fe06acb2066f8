/**
 * A column of report times is this wide: a date ("23/11/2569") fits on a line, and the time
 * goes under it, so four or five time columns take little room.
 */
export const DATE_TIME_COLUMN_WIDTH = 104;

/**
 * A formatted date and time ("23/11/2569 14:05") that breaks only between the date and the
 * time, never inside either: on one line where the column has room, else the time under the
 * date. Never cut. Anything without a time ('-') shows as it is.
 */
export function DateTimeText({ text }: { text: string }) {
  const split = text.lastIndexOf(' ');
  if (split < 0) return <span style={{ whiteSpace: 'nowrap' }}>{text}</span>;
  return (
    <span>
      <span style={{ whiteSpace: 'nowrap' }}>{text.slice(0, split)}</span>{' '}
      <span style={{ whiteSpace: 'nowrap' }}>{text.slice(split + 1)}</span>
    </span>
  );
}
