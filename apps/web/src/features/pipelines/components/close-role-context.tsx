import { createContext, useContext, type ReactNode } from 'react';

/**
 * Closing the role once a placement fills every opening belongs to the roles feature; the app layer
 * provides it here (features do not import each other). Resolves with an error message, or null.
 */
export type CloseRoleAsFilled = (roleId: number) => Promise<string | null>;

const CloseRoleContext = createContext<CloseRoleAsFilled | null>(null);

export function CloseRoleProvider({ closeRole, children }: { closeRole: CloseRoleAsFilled; children: ReactNode }) {
  return <CloseRoleContext.Provider value={closeRole}>{children}</CloseRoleContext.Provider>;
}

export const useCloseRoleAsFilled = () => useContext(CloseRoleContext);
