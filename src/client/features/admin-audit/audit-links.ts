/** The audit log filtered to one target: what other console pages link to ("History"). */
export const auditLogHref = (targetType: string, targetId: string) =>
  `/admin/audit-log?${new URLSearchParams({ targetType, targetId }).toString()}`;
