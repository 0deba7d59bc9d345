import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TUpdateUserSettingsBody, TUserSettings, TUserSettingsResponse } from "@amia/contracts";
import { browserTimeZone, viewerTimeZone } from "../lib/wall-clock.ts";
import { api } from "./client.ts";

/** react-query key of the signed-in user's settings (the Settings tab). */
export const settingsKey = ["settings"] as const;

const SETTINGS_PATH = "/api/v1/users/me/settings";

/** My settings: the defaults (sharing off, 09:00–17:00 Mon–Fri, no zone) until first saved. */
export function useSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: async ({ signal }): Promise<TUserSettings> => (await api<TUserSettingsResponse>(SETTINGS_PATH, { signal })).settings,
  });
}

/** Saves some of my settings; the cache then holds what the server stored. */
export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: TUpdateUserSettingsBody): Promise<TUserSettings> => (await api<TUserSettingsResponse>(SETTINGS_PATH, { method: "PATCH", body })).settings,
    onSuccess: (settings) => client.setQueryData(settingsKey, settings),
  });
}

/**
 * The zone "your time" means: the one saved in Settings, else the browser's (lib/wall-clock.ts
 * viewerTimeZone). While the settings load, or if they cannot, the browser's.
 */
export function useViewerTimeZone(): string {
  const settings = useSettings();
  return viewerTimeZone(settings.data?.time_zone, browserTimeZone());
}
