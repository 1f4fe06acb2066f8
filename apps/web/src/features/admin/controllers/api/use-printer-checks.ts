import { useMutation, useQueryClient } from '@tanstack/react-query';
import { checkPrinter, testPrint } from '@truck-queue/shared/contracts/printing.contract';
import { callApi } from '../../../../lib/api-client.ts';
import { controllerKeys } from './query-keys.ts';

/** Reads a kiosk's printer now ("ตรวจสถานะ"); the list shows the new health once it answers. */
export function useCheckPrinter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) => callApi(checkPrinter, { uuid }).then((r) => r.printer),
    onSettled: () => queryClient.invalidateQueries({ queryKey: controllerKeys.devices('printer') }),
  });
}

/** Prints a sample ticket on a kiosk's printer ("พิมพ์ทดสอบ") and answers what became of it. */
export function useTestPrint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) => callApi(testPrint, { uuid }).then((r) => r.print),
    onSettled: () => queryClient.invalidateQueries({ queryKey: controllerKeys.devices('printer') }),
  });
}
