import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  voicePack,
  voicePreview,
  voiceRemove,
  voiceUpload,
} from '@truck-queue/shared/contracts/voice.contract';
import { callApi } from '../../../../lib/api-client.ts';
import { controllerKeys } from './query-keys.ts';

/** The branch's voice tokens, each with where its clip comes from. */
export function useVoicePack(enabled = true) {
  return useQuery({
    queryKey: controllerKeys.voicePack,
    queryFn: ({ signal }) => callApi(voicePack, {}, { signal }).then((r) => r.tokens),
    enabled,
  });
}

/** The clips of these tokens as the branch's displays get them (recorded over generated). */
export function fetchVoiceClips(tokens: string[]) {
  return callApi(voicePreview, { tokens });
}

/** A file as the base64 the upload sends. */
async function base64Of(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  }
  return btoa(binary);
}

export function useUploadVoiceClip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ token, file }: { token: string; file: Blob }) =>
      callApi(voiceUpload, { token, audio: await base64Of(file) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: controllerKeys.voicePack }),
  });
}

export function useRemoveVoiceClip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => callApi(voiceRemove, { token }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: controllerKeys.voicePack }),
  });
}
