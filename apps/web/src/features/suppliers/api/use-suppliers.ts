import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '@truck-queue/shared/contracts/api';
import {
  exportSuppliers,
  findSupplier,
  importSuppliers,
  listSuppliers,
  saveSupplier,
} from '@truck-queue/shared/contracts/supplier.contract';
import { issueSupplierPin } from '@truck-queue/shared/contracts/supplier-portal.contract';
import { callApi } from '../../../lib/api-client.ts';
import { downloadFile } from '../../reports/api/download-file.ts';
import type { ExportResult } from '../../reports/api/use-report-export.ts';

export type SupplierListFilter = BodyOf<typeof listSuppliers>;

/** Query keys of the suppliers page; every key starts with 'suppliers'. */
export const supplierKeys = {
  all: ['suppliers'] as const,
  list: (filter: SupplierListFilter) => ['suppliers', 'list', filter] as const,
  leaders: (find: string) => ['suppliers', 'leaders', find] as const,
  find: (find: string, licence: string) => ['suppliers', 'find', find, licence] as const,
};

/** A page of the branch's suppliers (the page on screen stays while the next one loads). */
export function useSupplierList(filter: SupplierListFilter) {
  return useQuery({
    queryKey: supplierKeys.list(filter),
    queryFn: ({ signal }) => callApi(listSuppliers, filter, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Group leaders whose code or name holds `find` (active and not), for the form's leader choice. */
export function useLeaders(find: string, enabled: boolean) {
  return useQuery({
    queryKey: supplierKeys.leaders(find),
    queryFn: ({ signal }) =>
      callApi(
        listSuppliers,
        { find, kind: 'leader', include_inactive: true, page: 1, page_size: 20 },
        { signal },
      ),
    select: (response) => response.suppliers,
    enabled,
  });
}

/** Creates or updates a supplier; every list of suppliers refetches. */
export function useSaveSupplier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof saveSupplier>) => callApi(saveSupplier, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supplierKeys.all }),
  });
}

/**
 * Who holds a plate, or whose vehicle carries an RFID tag, among the branch's suppliers (to name
 * the other one of a PLATE_TAKEN or a TAG_TAKEN).
 */
export async function suppliersHolding(plateOrTag: string) {
  const found = await callApi(listSuppliers, {
    find: plateOrTag,
    include_inactive: true,
    page: 1,
    page_size: 10,
  });
  return found.suppliers;
}

/** Checks (apply false) or imports (apply true) a spreadsheet; an import refetches the lists. */
export function useImportSuppliers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof importSuppliers>) => callApi(importSuppliers, body),
    onSuccess: (result) => {
      if (result.applied) return queryClient.invalidateQueries({ queryKey: supplierKeys.all });
      return undefined;
    },
  });
}

/** The server writes the suppliers' .xlsx; the browser then downloads it (as a report's export). */
export function useExportSuppliers() {
  return useMutation({
    mutationFn: async (body: BodyOf<typeof exportSuppliers>): Promise<ExportResult> => {
      const made = await callApi(exportSuppliers, body);
      const fileName = await downloadFile(made.excel_url, 'suppliers.xlsx');
      return { rows: made.rows, fileName };
    },
  });
}

/** The ticket desk's supplier search: by code or name, and the owner of the typed plate first. */
export function useFindSupplier(find: string, licence: string, enabled: boolean) {
  return useQuery({
    queryKey: supplierKeys.find(find, licence),
    queryFn: ({ signal }) => callApi(findSupplier, licence === '' ? { find } : { find, licence }, { signal }),
    select: (response) => response.suppliers,
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** Gives a supplier a new PIN for its booking page (shown once; the old one stops working). */
export function useIssueSupplierPin() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof issueSupplierPin>) => callApi(issueSupplierPin, body),
  });
}
