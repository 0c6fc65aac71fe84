// The courier and tracking number of an order on its way, added or corrected after it shipped
// (issue 33). Saving e-mails the shopper the details as they now are (through the outbox: with no
// mail server the e-mail waits there, and the screen says so).
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AdminOrderDetail } from '@duka/domain';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { useNotice } from '../../../components/ui/notices.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { mailStatusQuery } from '../../../lib/mail-status.ts';
import { useUpdateShipment } from '../api/orders-admin-api.ts';

export function ShipmentForm({ order }: { order: AdminOrderDetail }) {
  const notice = useNotice();
  const update = useUpdateShipment();
  const mailWaits = useQuery(mailStatusQuery()).data?.email === false;
  const [courier, setCourier] = useState(order.courier ?? '');
  const [tracking, setTracking] = useState(order.tracking_number ?? '');
  const fields = update.error instanceof ApiError ? update.error.fields : {};
  const changed =
    courier.trim() !== (order.courier ?? '') || tracking.trim() !== (order.tracking_number ?? '');

  const save = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      {
        id: order.id,
        // Only what was typed: a field left empty keeps what the order has.
        ...(courier.trim() ? { courier: courier.trim() } : {}),
        ...(tracking.trim() ? { tracking_number: tracking.trim() } : {}),
      },
      {
        onSuccess: () =>
          notice(
            'success',
            mailWaits
              ? `Saved. The e-mail to ${order.shipping_name} waits in the Outbox until the shop can send mail.`
              : `Saved. ${order.shipping_name} is e-mailed how to follow the order.`,
          ),
      },
    );
  };

  return (
    <form onSubmit={save} aria-label="Courier and tracking number" className="space-y-3" noValidate>
      <p className="text-sm text-slate-600">
        {mailWaits
          ? 'Add or correct them: the e-mail with the new details waits in the Outbox until the shop can send mail.'
          : 'Add or correct them: the shopper is e-mailed the new details.'}
      </p>
      <TextField
        label="Courier"
        value={courier}
        maxLength={80}
        error={fields.courier}
        onChange={(e) => setCourier(e.target.value)}
      />
      <TextField
        label="Tracking number"
        value={tracking}
        maxLength={80}
        error={fields.tracking_number}
        onChange={(e) => setTracking(e.target.value)}
      />
      {update.isError && Object.keys(fields).length === 0 && (
        <p role="alert" className="text-sm text-red-700">
          {update.error.message}
        </p>
      )}
      <Button type="submit" disabled={update.isPending || !changed}>
        {update.isPending ? 'Saving...' : 'Save courier and tracking'}
      </Button>
    </form>
  );
}
