import { USER_TYPE_DESCRIPTIONS, USER_TYPES, type UserType } from '@recruitdesk/contracts/users';
import type { CheckboxOption } from '@/components/ui/checkbox-group';

/** The user types as checkbox options; `owner` only for owners. */
export function userTypeOptions(
  list: { value: UserType; label: string; description: string }[] | undefined,
  canGrantOwner: boolean,
): CheckboxOption<UserType>[] {
  const source = list ?? USER_TYPES.map((value) => ({ value, ...USER_TYPE_DESCRIPTIONS[value] }));
  return source.map((type) => {
    const locked = type.value === 'owner' && !canGrantOwner;
    const option: CheckboxOption<UserType> = {
      value: type.value,
      label: type.label,
      description: type.description,
    };
    if (locked) {
      option.disabled = true;
      option.disabledReason = 'Only an owner can grant the owner type.';
    }
    return option;
  });
}
