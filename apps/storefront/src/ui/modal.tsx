import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';

/** A modal opened and closed by its isOpen flag (SPEC §4), outside the dialog queue. */
export function Modal(props: { isOpen: boolean; onClose: () => void; title: string; children: ReactNode }) {
  return (
    <Dialog.Root open={props.isOpen} onOpenChange={(open) => !open && props.onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" aria-describedby={undefined}>
          <Dialog.Title className="dialog-title">{props.title}</Dialog.Title>
          {props.children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
