/**
 * A truck licence as the plant keeps it, whoever typed it (kiosk, officer, API client):
 * trimmed, runs of spaces made one, Latin letters upper case. TruckLicenseSchema applies it,
 * so the server only ever sees the normalised form and the kiosk shows what will be kept.
 */
export function normaliseLicence(raw: string): string {
  return raw.trim().replace(/\s+/g, ' ').toUpperCase();
}
