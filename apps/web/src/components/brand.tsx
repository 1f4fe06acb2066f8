import { Flex, Typography, theme } from 'antd';
import { TruckOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

interface BrandProps {
  /** Icon only (a condensed sidebar). */
  iconOnly?: boolean;
  /** Text colour for dark backgrounds. */
  inverted?: boolean;
  size?: 'small' | 'default' | 'large';
}

/** The product mark: a truck in the primary colour and the product name. */
export function Brand({ iconOnly = false, inverted = false, size = 'default' }: BrandProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const box = { small: 32, default: 36, large: 56 }[size];
  const fontSize = { small: 14, default: 17, large: 22 }[size];
  return (
    <Flex align="center" gap={size === 'small' ? 10 : 12} style={{ minWidth: 0 }}>
      <Flex
        align="center"
        justify="center"
        aria-hidden
        style={{
          width: box,
          height: box,
          flex: 'none',
          borderRadius: box / 4,
          background: token.colorPrimary,
          color: '#fff',
          fontSize: box * 0.56,
        }}
      >
        <TruckOutlined />
      </Flex>
      {!iconOnly && (
        <Typography.Text strong style={{ fontSize, lineHeight: 1.3, color: inverted ? '#fff' : undefined }}>
          {t('app.name')}
        </Typography.Text>
      )}
    </Flex>
  );
}
