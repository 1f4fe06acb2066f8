import { useRef, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Descriptions,
  Flex,
  Modal,
  Table,
  theme,
  Typography,
  type TableColumnsType,
} from 'antd';
import { FileExcelOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '@truck-queue/shared/contracts/api';
import {
  SUPPLIER_IMPORT_MAX_BYTES,
  SUPPLIER_IMPORT_MAX_ROWS,
  type ImportProblem,
  type importSuppliers,
} from '@truck-queue/shared/contracts/supplier.contract';
import { isApiRequestError } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/errors.ts';
import { intlLocale } from '../../lib/format.ts';
import { useImportSuppliers } from './api/use-suppliers.ts';
import {
  base64OfDataUrl,
  IMPORT_COLUMNS,
  importColumnKey,
  importProblemKey,
  isImportFileName,
} from './supplier-rules.ts';

type ImportResult = ResponseOf<typeof importSuppliers>;

interface PickedFile {
  name: string;
  base64: string;
}

function readAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? base64OfDataUrl(reader.result) : '');
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/**
 * Suppliers from a spreadsheet: the file is checked first (nothing written) and every problem
 * listed by row and column; "Import" writes it only when no row has a problem.
 */
export function SupplierImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t('suppliers.import.title')}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width={760}
    >
      <ImportFlow onClose={onClose} />
    </Modal>
  );
}

function ImportFlow({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const input = useRef<HTMLInputElement>(null);
  const importer = useImportSuppliers();
  const [file, setFile] = useState<PickedFile | null>(null);
  const [checked, setChecked] = useState<ImportResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const count = (n: number) => n.toLocaleString(intlLocale(i18n.language));

  const check = (picked: PickedFile) => {
    setChecked(null);
    setFailure(null);
    importer.mutate(
      { file_name: picked.name, content_base64: picked.base64, apply: false },
      {
        onSuccess: (result) => setChecked(result),
        onError: (error) => setFailure(importFailure(error)),
      },
    );
  };

  const importFailure = (error: unknown): string => {
    if (!isApiRequestError(error)) return errorMessage(t, error);
    // A file that does not read as a spreadsheet is refused on its content; a wrong name on it.
    const paths = (error.detail.issues ?? []).map((issue) => issue.path);
    if (error.code === 'VALIDATION_FAILED' && paths.includes('content_base64'))
      return t('suppliers.import.unreadable');
    if (error.code === 'VALIDATION_FAILED' && paths.includes('file_name'))
      return t('suppliers.import.wrongType');
    if (error.code === 'PAYLOAD_TOO_LARGE')
      return t('suppliers.import.tooLarge', { mb: SUPPLIER_IMPORT_MAX_BYTES / 1024 / 1024 });
    return errorMessage(t, error);
  };

  const pick = async (chosen: File | undefined) => {
    if (!chosen) return;
    setChecked(null);
    setFailure(null);
    setFile(null);
    if (!isImportFileName(chosen.name)) {
      setFailure(t('suppliers.import.wrongType'));
      return;
    }
    if (chosen.size > SUPPLIER_IMPORT_MAX_BYTES) {
      setFailure(t('suppliers.import.tooLarge', { mb: SUPPLIER_IMPORT_MAX_BYTES / 1024 / 1024 }));
      return;
    }
    try {
      const picked = { name: chosen.name, base64: await readAsBase64(chosen) };
      setFile(picked);
      check(picked);
    } catch {
      setFailure(t('suppliers.import.unreadable'));
    }
  };

  const apply = () => {
    if (!file || importer.isPending) return;
    setFailure(null);
    importer.mutate(
      { file_name: file.name, content_base64: file.base64, apply: true },
      {
        onSuccess: (result) => {
          if (result.applied) {
            void message.success(
              t('suppliers.import.done', { created: result.created, updated: result.updated }),
            );
            onClose();
          } else {
            // Something changed since the check (another officer's save): show what it found now.
            setChecked(result);
          }
        },
        onError: (error) => setFailure(importFailure(error)),
      },
    );
  };

  const problems = checked?.problems ?? [];
  const ready = checked !== null && problems.length === 0 && checked.rows > 0;
  const columns: TableColumnsType<ImportProblem & { key: number }> = [
    { key: 'row', title: t('suppliers.import.row'), dataIndex: 'row', width: 72, align: 'end' },
    {
      key: 'column',
      title: t('suppliers.import.column'),
      width: 150,
      render: (_v, p) => {
        const key = importColumnKey(p.column);
        return key ? t(key) : p.column;
      },
    },
    {
      key: 'problem',
      title: t('suppliers.import.problem'),
      render: (_v, p) => t(importProblemKey(p.code, p.column), { max: count(SUPPLIER_IMPORT_MAX_ROWS) }),
    },
    {
      key: 'value',
      title: t('suppliers.import.value'),
      width: 180,
      render: (_v, p) =>
        p.value === '' ? (
          <Typography.Text type="secondary">–</Typography.Text>
        ) : (
          <Typography.Text code style={{ wordBreak: 'break-all' }}>
            {p.value}
          </Typography.Text>
        ),
    },
  ];

  return (
    <Flex vertical gap={16} style={{ marginTop: 16 }}>
      <Typography.Paragraph style={{ margin: 0 }}>
        {t('suppliers.import.help')}{' '}
        {IMPORT_COLUMNS.map((column, index) => (
          <span key={column}>
            <Typography.Text strong>{t(`suppliers.columns.${column}`)}</Typography.Text>
            {column === 'vehicles' && ` (${t('suppliers.import.vehiclesHelp')})`}
            {column === 'tags' && ` (${t('suppliers.import.tagsHelp')})`}
            {column === 'active' && ` (${t('suppliers.import.activeHelp')})`}
            {index < IMPORT_COLUMNS.length - 1 ? ', ' : ''}
          </span>
        ))}
        <br />
        {t('suppliers.import.templateHint')}
      </Typography.Paragraph>
      <Alert type="info" showIcon title={t('suppliers.import.allOrNothing')} />
      <Flex gap={8} align="center" wrap>
        <input
          ref={input}
          type="file"
          accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
          style={{ display: 'none' }}
          data-testid="supplier-import-file"
          onChange={(event) => {
            void pick(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <Button
          icon={<UploadOutlined aria-hidden />}
          onClick={() => input.current?.click()}
          loading={importer.isPending && !ready}
        >
          {file ? t('suppliers.import.pickAnother') : t('suppliers.import.pick')}
        </Button>
        {file && (
          <Typography.Text>
            <FileExcelOutlined aria-hidden /> {file.name}
          </Typography.Text>
        )}
      </Flex>
      {failure && <Alert type="error" showIcon title={failure} />}
      {checked && (
        <>
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, sm: 3 }}
            items={[
              { key: 'rows', label: t('suppliers.import.rows'), children: count(checked.rows) },
              { key: 'new', label: t('suppliers.import.new'), children: count(checked.created) },
              {
                key: 'updated',
                label: t('suppliers.import.updated'),
                children: count(checked.updated),
              },
            ]}
          />
          {problems.length > 0 ? (
            <>
              <Alert
                type="error"
                showIcon
                title={t('suppliers.import.problemsTitle', { n: problems.length })}
                description={t('suppliers.import.nothingWritten')}
              />
              <Table
                rowKey="key"
                size="small"
                columns={columns}
                dataSource={problems.map((p, key) => ({ ...p, key }))}
                pagination={problems.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
                scroll={{ x: 600 }}
                data-testid="supplier-import-problems"
              />
            </>
          ) : checked.rows === 0 ? (
            <Alert type="warning" showIcon title={t('suppliers.import.noRows')} />
          ) : (
            <Alert type="success" showIcon title={t('suppliers.import.ready')} />
          )}
        </>
      )}
      {/* Stuck to the body's foot: a long list of problems scrolls under the buttons. */}
      <Flex
        justify="flex-end"
        gap={8}
        style={{
          position: 'sticky',
          bottom: 0,
          zIndex: 1,
          paddingBlock: 8,
          background: token.colorBgElevated,
        }}
      >
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button type="primary" disabled={!ready} loading={importer.isPending && ready} onClick={apply}>
          {t('suppliers.import.apply')}
        </Button>
      </Flex>
    </Flex>
  );
}
