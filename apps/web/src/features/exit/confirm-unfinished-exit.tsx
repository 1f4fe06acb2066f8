import { Typography, type App } from 'antd';
import type { TFunction } from 'i18next';
import type { UnfinishedStep } from '@truck-queue/shared/contracts/api';
import { MissingSteps } from '../../components/missing-steps.tsx';

type ModalApi = ReturnType<typeof App.useApp>['modal'];

/**
 * The gate's question when a truck's work is not done (UNFINISHED_EXIT): what is missing, and
 * let it out or not, "not" the default. Asked by the gate's scan and by a camera's read alike.
 */
export function confirmUnfinishedExit(
  modal: ModalApi,
  t: TFunction,
  truck: { n: string; licence?: string | null | undefined },
  missing: readonly UnfinishedStep[],
  on: { confirm: () => void; declined?: () => void },
) {
  let confirmed = false;
  modal.confirm({
    title: t('exit.unfinished.title', { n: truck.n }),
    content: (
      <MissingSteps
        missing={missing}
        intro={t('exit.unfinished.missingIntro')}
        warning={t('exit.unfinished.warning')}
        heading={
          truck.licence && (
            <Typography.Text strong>
              {t('exit.unfinished.licence', { license: truck.licence })}
            </Typography.Text>
          )
        }
        testId="unfinished-exit"
      />
    ),
    okText: t('exit.unfinished.confirm'),
    okButtonProps: { danger: true },
    cancelText: t('exit.unfinished.cancel'),
    autoFocusButton: 'cancel',
    width: 480,
    onOk: () => {
      confirmed = true;
      on.confirm();
    },
    afterClose: () => {
      if (!confirmed) on.declined?.();
    },
  });
}
