// Deleting a promotion, after a confirmation that says what follows: it stops applying at once,
// its code is free again, and the orders that used it keep their discount.
import { useState } from 'react';
import type { Promotion } from '@duka/domain';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useNotice } from '../../../components/ui/notices.tsx';
import { FormMessage } from '../../../components/ui/status.tsx';
import { useDeletePromotion } from '../api/promotions-admin-api.ts';

export function DeletePromotion({ promotion }: { promotion: Promotion }) {
  const [open, setOpen] = useState(false);
  const remove = useDeletePromotion();
  const notice = useNotice();
  const close = () => {
    setOpen(false);
    remove.reset();
  };
  return (
    <>
      <Button
        variant="secondary"
        className="px-3 py-1.5 text-xs"
        onClick={() => setOpen(true)}
        aria-label={`Delete ${promotion.name}`}
      >
        Delete
      </Button>
      {open && (
        <Modal
          title="Delete promotion"
          onClose={close}
          size="sm"
          footer={
            <>
              <Button variant="secondary" onClick={close}>
                Cancel
              </Button>
              <Button
                variant="danger"
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(promotion.id, {
                    onSuccess: () => {
                      setOpen(false);
                      notice('success', `Promotion ‘${promotion.name}’ deleted`);
                    },
                  })
                }
              >
                {remove.isPending ? 'Deleting...' : 'Delete'}
              </Button>
            </>
          }
        >
          <p>
            Delete <strong>{promotion.name}</strong>? It stops applying at once
            {promotion.code ? ` and its code ${promotion.code} can be used again` : ''}. Orders that
            used it keep their discount.
          </p>
          {remove.isError && (
            <FormMessage kind="error" className="mt-3">
              {remove.error.message}
            </FormMessage>
          )}
        </Modal>
      )}
    </>
  );
}
