/** The contacts endpoints live in src/api/contacts.ts (the role form reads a client's contacts too). */
export * from '@/api/contacts';
