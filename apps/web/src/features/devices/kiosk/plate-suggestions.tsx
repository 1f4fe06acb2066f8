import { theme } from 'antd';
import { HistoryOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { KIOSK_PLATES_MIN_TYPED } from '@truck-queue/shared/contracts/device.contract';
import { RECENT_PLATES_DAYS } from '@truck-queue/shared/contracts/queue.contract';
import { PLATE_SEPARATOR } from '@truck-queue/shared/plates';
import type { DeviceCredentials } from '../../../lib/api-client.ts';
import { useRecentPlates } from '../../plates/use-recent-plates.ts';

/**
 * One row of two: what a portrait kiosk holds above its keypad (the driver types on until the
 * plate is among them), and no more plates than that shown to whoever stands at the kiosk.
 */
const SHOWN = 2;

/**
 * The branch's recent plates that start with what the driver typed, as big buttons: one tap
 * fills in the whole licence. Nothing shows before KIOSK_PLATES_MIN_TYPED characters: the kiosk
 * stands in public and does not list plates to whoever walks up.
 */
export function PlateSuggestions({
  typed,
  device,
  current,
  onChoose,
}: {
  typed: string;
  device: DeviceCredentials;
  /** The licence entered now: its suggestion shows as chosen. */
  current: string;
  onChoose: (licence: string) => void;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const plates = useRecentPlates(typed, { device, minTyped: KIOSK_PLATES_MIN_TYPED });
  if (plates.length === 0) return null;
  return (
    <div className="tqk-suggestions" data-testid="kiosk-suggestions">
      <p className="tqk-suggestions-title" style={{ color: token.colorTextSecondary }}>
        <HistoryOutlined aria-hidden /> {t('kiosk.licence.suggestions', { days: RECENT_PLATES_DAYS })}
      </p>
      <div className="tqk-suggestion-grid">
        {plates.slice(0, SHOWN).map((licence) => {
          const chosen = licence === current;
          return (
            <button
              key={licence}
              type="button"
              className="tqk-suggestion"
              aria-pressed={chosen}
              onClick={() => onChoose(licence)}
              style={{
                background: chosen ? token.colorPrimaryBg : token.colorBgContainer,
                color: token.colorText,
                borderColor: chosen ? token.colorPrimary : token.colorBorder,
              }}
            >
              {/* A tractor and its trailer: one plate a line. */}
              {licence.split(PLATE_SEPARATOR).map((part, i) => (
                <span key={i}>
                  {i > 0 && '/ '}
                  {part}
                </span>
              ))}
            </button>
          );
        })}
      </div>
    </div>
  );
}
