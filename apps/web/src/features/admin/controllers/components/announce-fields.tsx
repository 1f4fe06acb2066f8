import { useState } from 'react';
import { App, Button, Divider, Flex, Form, Input, Radio, Slider, Typography, type FormInstance } from 'antd';
import { SoundOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ANNOUNCE_RATE, ANNOUNCE_VOLUME } from '@truck-queue/shared/contracts/controller.contract';
import {
  announcementTokens,
  DEFAULT_SENTENCE,
  SENTENCE_MAX,
  sentenceProblem,
} from '@truck-queue/shared/voice/announcement';
import { errorMessage } from '../../../../lib/errors.ts';
import { fetchVoiceClips, useVoicePack } from '../api/use-voice-pack.ts';
import { playClips } from './play-clips.ts';

/** The example a preview says: a number with a prefix, a plate, and the branch's first station. */
const EXAMPLE = { number: 'A012', plate: 'กข 1234', type: '' };

// The fields this part of the display's form holds (device-form-dialog.tsx's values).
interface AnnounceValues {
  announceSentence?: string | undefined;
  announceRate?: number | undefined;
  announceVolume?: number | undefined;
  announceRepeat?: 1 | 2 | undefined;
}

/**
 * A display's voice in its edit dialog: the sentence (checked by the shared rule, Thai reasons),
 * speed, volume and how many times a call is said, and a preview that plays the sentence with an
 * example number through the branch's voice pack on this computer.
 */
export function AnnounceFields<V extends AnnounceValues>({ form }: { form: FormInstance<V> }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const pack = useVoicePack();
  const [previewing, setPreviewing] = useState(false);

  const preview = () => {
    const values = form.getFieldsValue(true) as AnnounceValues;
    const sentence = values.announceSentence?.trim() || DEFAULT_SENTENCE;
    if (sentenceProblem(sentence)) return;
    const station = pack.data?.find((row) => row.kind === 'station')?.token ?? '';
    const tokens = announcementTokens(sentence, { ...EXAMPLE, station });
    if (tokens.length === 0) return;
    setPreviewing(true);
    fetchVoiceClips(tokens)
      .then(async (answer) => {
        const byToken = new Map(answer.clips.map((clip) => [clip.token, clip]));
        const clips = tokens.flatMap((token) => byToken.get(token) ?? []);
        const options = { rate: values.announceRate ?? 1, volume: values.announceVolume ?? 100 };
        for (let time = 0; time < (values.announceRepeat ?? 1); time++) await playClips(clips, options);
      })
      .catch(
        (error: unknown) =>
          void message.error(
            error instanceof DOMException
              ? t('admin.devices.announce.previewFailed')
              : errorMessage(t, error),
          ),
      )
      .finally(() => setPreviewing(false));
  };

  return (
    <>
      <Divider titlePlacement="start" plain>
        {t('admin.devices.announce.section')}
      </Divider>
      <Form.Item
        name="announceSentence"
        label={t('admin.devices.announce.sentence')}
        extra={t('admin.devices.announce.sentenceHint', { default: DEFAULT_SENTENCE })}
        rules={[
          {
            validator: (_, value: string | undefined) => {
              const text = value?.trim() ?? '';
              const problem = text === '' ? null : sentenceProblem(text);
              return problem
                ? Promise.reject(
                    new Error(t(`admin.devices.announce.problem.${problem}`, { max: SENTENCE_MAX })),
                  )
                : Promise.resolve();
            },
          },
        ]}
      >
        <Input placeholder={DEFAULT_SENTENCE} maxLength={SENTENCE_MAX * 2} autoComplete="off" allowClear />
      </Form.Item>
      <Form.Item name="announceRate" label={t('admin.devices.announce.rate')}>
        <Slider
          min={ANNOUNCE_RATE.min}
          max={ANNOUNCE_RATE.max}
          step={0.05}
          marks={{ [ANNOUNCE_RATE.min]: '0.7×', 1: '1×', [ANNOUNCE_RATE.max]: '1.3×' }}
        />
      </Form.Item>
      <Form.Item name="announceVolume" label={t('admin.devices.announce.volume')}>
        <Slider
          min={ANNOUNCE_VOLUME.min}
          max={ANNOUNCE_VOLUME.max}
          step={5}
          marks={{ 0: '0', 50: '50', 100: '100' }}
        />
      </Form.Item>
      <Form.Item name="announceRepeat" label={t('admin.devices.announce.repeat')}>
        <Radio.Group
          options={[
            { value: 1, label: t('admin.devices.announce.once') },
            { value: 2, label: t('admin.devices.announce.twice') },
          ]}
        />
      </Form.Item>
      <Flex align="center" gap={8} wrap style={{ marginBottom: 8 }}>
        <Button
          icon={<SoundOutlined aria-hidden />}
          loading={previewing}
          onClick={preview}
          data-testid="announce-preview"
        >
          {t('admin.devices.announce.preview')}
        </Button>
        <Typography.Text type="secondary">
          {t('admin.devices.announce.previewHint', { number: EXAMPLE.number })}
        </Typography.Text>
      </Flex>
    </>
  );
}
