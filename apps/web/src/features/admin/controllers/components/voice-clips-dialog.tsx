import { useMemo, useState } from 'react';
import { Alert, App, Button, Flex, Input, Modal, Popconfirm, Table, Tag, Typography, Upload } from 'antd';
import type { TableColumnsType } from 'antd';
import {
  DeleteOutlined,
  PlayCircleOutlined,
  SearchOutlined,
  SoundOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { VOICE_UPLOAD_MAX_BYTES, type VoicePackRow } from '@truck-queue/shared/contracts/voice.contract';
import { matchesSearch } from '../../../../components/list-card.tsx';
import { errorMessage } from '../../../../lib/errors.ts';
import {
  fetchVoiceClips,
  useRemoveVoiceClip,
  useUploadVoiceClip,
  useVoicePack,
} from '../api/use-voice-pack.ts';
import { playClips } from './play-clips.ts';

/** The files a recording may be: checked again by their bytes on the server. */
const ACCEPT = '.wav,.mp3,.ogg,audio/wav,audio/x-wav,audio/mpeg,audio/ogg';
const isAudioFile = (file: File) => /\.(wav|mp3|ogg)$/i.test(file.name) || /^audio\//.test(file.type);

const SOURCE_COLORS: Record<VoicePackRow['source'], string> = {
  uploaded: 'green',
  folder: 'cyan',
  generated: 'blue',
  missing: 'default',
};

/** The Display controller's "Voice clips" button and its dialog. */
export function VoiceClipsButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        icon={<SoundOutlined aria-hidden />}
        onClick={() => setOpen(true)}
        data-testid="voice-clips-open"
      >
        {t('admin.voice.open')}
      </Button>
      <Modal
        open={open}
        title={t('admin.voice.title')}
        onCancel={() => setOpen(false)}
        footer={null}
        destroyOnHidden
        width={920}
      >
        <VoiceClipsPanel />
      </Modal>
    </>
  );
}

/**
 * Every token the branch's displays say (digits, letters, Thai consonants, the sentences' words,
 * station and queue type names), where its clip comes from, a play button, and the plant's own
 * recording: upload one (WAV/MP3/OGG, 1 MB, 10 s) or remove it to go back to the generated clip.
 */
function VoiceClipsPanel() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const pack = useVoicePack();
  const upload = useUploadVoiceClip();
  const remove = useRemoveVoiceClip();
  const [search, setSearch] = useState('');
  const [playing, setPlaying] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const rows = useMemo(
    () => (pack.data ?? []).filter((row) => matchesSearch(search, row.token, row.speech)),
    [pack.data, search],
  );

  const play = (token: string) => {
    setPlaying(token);
    fetchVoiceClips([token])
      .then(async (answer) => {
        if (answer.clips.length === 0) {
          void message.warning(t('admin.voice.notMade'));
          return;
        }
        await playClips(answer.clips).catch(() => void message.error(t('admin.voice.playFailed')));
      })
      .catch((error: unknown) => void message.error(errorMessage(t, error)))
      .finally(() => setPlaying(null));
  };

  const send = (token: string, file: File) => {
    if (!isAudioFile(file)) {
      void message.error(t('admin.voice.wrongType'));
      return;
    }
    if (file.size > VOICE_UPLOAD_MAX_BYTES) {
      void message.error(t('admin.voice.tooBig'));
      return;
    }
    setBusy(token);
    upload
      .mutateAsync({ token, file })
      .then(() => void message.success(t('admin.voice.uploaded')))
      .catch((error: unknown) => void message.error(errorMessage(t, error)))
      .finally(() => setBusy(null));
  };

  const columns: TableColumnsType<VoicePackRow> = [
    {
      key: 'token',
      title: t('admin.voice.columns.token'),
      render: (_, row) => <Typography.Text strong>{row.token}</Typography.Text>,
    },
    { key: 'speech', title: t('admin.voice.columns.speech'), dataIndex: 'speech' },
    {
      key: 'kind',
      title: t('admin.voice.columns.kind'),
      render: (_, row) => <Tag>{t(`admin.voice.kind.${row.kind}`)}</Tag>,
    },
    {
      key: 'source',
      title: t('admin.voice.columns.source'),
      render: (_, row) => (
        <Tag color={SOURCE_COLORS[row.source]} data-testid={`voice-source-${row.token}`}>
          {t(`admin.voice.source.${row.source}`)}
        </Tag>
      ),
    },
    {
      key: 'actions',
      title: t('admin.voice.columns.actions'),
      render: (_, row) => (
        <Flex gap={4} wrap>
          <Button
            size="small"
            icon={<PlayCircleOutlined aria-hidden />}
            loading={playing === row.token}
            aria-label={t('admin.voice.playLabel', { token: row.token })}
            onClick={() => play(row.token)}
          >
            {t('admin.voice.play')}
          </Button>
          <Upload
            accept={ACCEPT}
            showUploadList={false}
            maxCount={1}
            beforeUpload={(file) => {
              send(row.token, file);
              return false;
            }}
          >
            <Button
              size="small"
              icon={<UploadOutlined aria-hidden />}
              loading={busy === row.token}
              aria-label={t('admin.voice.uploadLabel', { token: row.token })}
            >
              {t('admin.voice.upload')}
            </Button>
          </Upload>
          {row.source === 'uploaded' && (
            <Popconfirm
              title={t('admin.voice.removeTitle', { token: row.token })}
              description={t('admin.voice.removeText')}
              okText={t('admin.voice.remove')}
              cancelText={t('common.cancel')}
              onConfirm={() =>
                remove.mutateAsync(row.token).then(
                  () => void message.success(t('admin.voice.removed')),
                  (error: unknown) => void message.error(errorMessage(t, error)),
                )
              }
            >
              <Button size="small" danger icon={<DeleteOutlined aria-hidden />}>
                {t('admin.voice.remove')}
              </Button>
            </Popconfirm>
          )}
        </Flex>
      ),
    },
  ];

  return (
    <Flex vertical gap={12}>
      <Typography.Text type="secondary">{t('admin.voice.description')}</Typography.Text>
      {pack.isError && (
        <Alert
          type="error"
          showIcon
          title={t('admin.voice.loadFailed')}
          description={errorMessage(t, pack.error)}
          action={
            <Button size="small" onClick={() => void pack.refetch()}>
              {t('catalog.common.retry')}
            </Button>
          }
        />
      )}
      <Input
        allowClear
        prefix={<SearchOutlined aria-hidden />}
        placeholder={t('admin.voice.search')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        style={{ maxWidth: 300 }}
      />
      <Table<VoicePackRow>
        rowKey="token"
        size="small"
        columns={columns}
        dataSource={rows}
        loading={pack.isPending}
        pagination={{ pageSize: 20, showSizeChanger: false }}
        scroll={{ x: 'max-content' }}
      />
    </Flex>
  );
}
