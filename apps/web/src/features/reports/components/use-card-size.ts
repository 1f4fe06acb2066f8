import { Grid } from 'antd';

/** Small cards on a phone: the table and the pickers get the room the padding would take. */
export function useCardSize(): 'small' | 'default' {
  const screens = Grid.useBreakpoint();
  return screens.sm === false ? 'small' : 'default';
}
