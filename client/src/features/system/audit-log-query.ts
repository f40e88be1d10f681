/** The audit log's filters as the API's query parameters (the list's and the export's), empty ones left out. */
export interface AuditLogSearch {
  entity?: string;
  entity_id?: number;
  user_id?: number;
  date_from?: string;
  date_to?: string;
}

export function auditLogQuery(search: AuditLogSearch): [string, string][] {
  return Object.entries(search)
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(([field, value]) => [field, String(value)]);
}
