import type { GrievanceKind, ReturnReason, ReturnStatus } from '@/contract/returns';
import { grv_kind_data_request } from '@/paraglide/messages/grv_kind_data_request.js';
import { grv_kind_order_message } from '@/paraglide/messages/grv_kind_order_message.js';
import { grv_kind_return } from '@/paraglide/messages/grv_kind_return.js';
import { grv_reason_damaged } from '@/paraglide/messages/grv_reason_damaged.js';
import { grv_reason_defective } from '@/paraglide/messages/grv_reason_defective.js';
import { grv_reason_not_as_shown } from '@/paraglide/messages/grv_reason_not_as_shown.js';
import { grv_reason_other } from '@/paraglide/messages/grv_reason_other.js';
import { grv_reason_size } from '@/paraglide/messages/grv_reason_size.js';
import { grv_reason_wrong_item } from '@/paraglide/messages/grv_reason_wrong_item.js';
import { grv_status_approved } from '@/paraglide/messages/grv_status_approved.js';
import { grv_status_pickup_scheduled } from '@/paraglide/messages/grv_status_pickup_scheduled.js';
import { grv_status_received } from '@/paraglide/messages/grv_status_received.js';
import { grv_status_refunded } from '@/paraglide/messages/grv_status_refunded.js';
import { grv_status_rejected } from '@/paraglide/messages/grv_status_rejected.js';
import { grv_status_replaced } from '@/paraglide/messages/grv_status_replaced.js';
import { grv_status_requested } from '@/paraglide/messages/grv_status_requested.js';

// Read when shown, through functions: the messages are looked up at render.

export function reasonLabel(reason: ReturnReason): string {
  const labels: Record<ReturnReason, () => string> = {
    damaged: grv_reason_damaged,
    defective: grv_reason_defective,
    wrong_item: grv_reason_wrong_item,
    not_as_shown: grv_reason_not_as_shown,
    size: grv_reason_size,
    other: grv_reason_other,
  };
  return labels[reason]();
}

export function returnStatusLabel(status: ReturnStatus): string {
  const labels: Record<ReturnStatus, () => string> = {
    requested: grv_status_requested,
    approved: grv_status_approved,
    rejected: grv_status_rejected,
    pickup_scheduled: grv_status_pickup_scheduled,
    received: grv_status_received,
    refunded: grv_status_refunded,
    replaced: grv_status_replaced,
  };
  return labels[status]();
}

export function grievanceKindLabel(kind: GrievanceKind): string {
  const labels: Record<GrievanceKind, () => string> = {
    return: grv_kind_return,
    order_message: grv_kind_order_message,
    data_request: grv_kind_data_request,
  };
  return labels[kind]();
}
