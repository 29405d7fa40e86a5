import { Dialog, DialogBackdrop, DialogPanel } from '@headlessui/react';
import { X } from 'lucide-react';
import type { User } from '@recruitdesk/contracts/users';
import { Sidebar } from './sidebar';

/** The slide-over sidebar below lg (Headless UI's dialog: loaded the first time it opens). */
export default function MobileSidebar({
  open,
  onClose,
  user,
  onLogout,
}: {
  open: boolean;
  onClose: () => void;
  user: User | null;
  onLogout: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50 lg:hidden">
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-gray-900/60 transition-opacity duration-200 ease-linear data-closed:opacity-0"
      />
      <div className="fixed inset-0 flex">
        <DialogPanel
          transition
          className="relative mr-14 flex w-full max-w-72 flex-1 transform transition duration-200 ease-in-out data-closed:-translate-x-full"
        >
          <div className="absolute top-0 left-full flex w-14 justify-center pt-4">
            <button
              type="button"
              onClick={onClose}
              aria-label="Close sidebar"
              className="inline-flex size-9 items-center justify-center rounded-lg text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
            >
              <X aria-hidden="true" className="size-5" />
            </button>
          </div>
          <Sidebar user={user} onLogout={onLogout} className="w-full" />
        </DialogPanel>
      </div>
    </Dialog>
  );
}
