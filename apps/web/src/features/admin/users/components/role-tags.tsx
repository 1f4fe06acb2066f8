import { Flex, Tag, Typography } from 'antd';
import { SwapOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ROLE, type RoleId } from '@truck-queue/shared/roles';
import { rolesForDisplay } from '../roles.ts';

const ROLE_COLOR = {
  '0': 'magenta',
  '1': 'red',
  '51': 'geekblue',
  '55': 'green',
  '56': 'purple',
  '71': 'gold',
  '1000': 'cyan',
} as const satisfies Record<RoleId, string>;

/** An officer's roles as coloured tags; "may switch branches" (1000) as an extra tag. */
export function RoleTags({ roles }: { roles: string }) {
  const { t } = useTranslation();
  const ids = rolesForDisplay(roles);
  if (ids.length === 0) return <Typography.Text type="secondary">-</Typography.Text>;
  return (
    <Flex wrap gap={4}>
      {ids.map((id) => (
        <Tag
          key={id}
          color={ROLE_COLOR[id]}
          variant={id === ROLE.branchSwitcher ? 'outlined' : 'filled'}
          icon={id === ROLE.branchSwitcher ? <SwapOutlined aria-hidden /> : undefined}
          style={{ marginInlineEnd: 0 }}
        >
          {t(`admin.roles.${id}`)}
        </Tag>
      ))}
    </Flex>
  );
}
