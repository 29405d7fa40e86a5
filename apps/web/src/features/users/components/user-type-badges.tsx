import { USER_TYPE_DESCRIPTIONS, type UserType } from '@recruitdesk/contracts/users';
import { Badge, type BadgeTone } from '@/components/ui/badge';

const TONES: Record<UserType, BadgeTone> = {
  owner: 'violet',
  superuser: 'sky',
  recruiter: 'brand',
  viewer: 'gray',
};

export function UserTypeBadges({ types }: { types: UserType[] }) {
  return (
    <span className="flex flex-wrap gap-1">
      {types.map((type) => (
        <Badge key={type} tone={TONES[type]}>
          {USER_TYPE_DESCRIPTIONS[type].label}
        </Badge>
      ))}
    </span>
  );
}

export function UserStatusBadge({ active }: { active: boolean }) {
  return active ? <Badge tone="green">Active</Badge> : <Badge tone="red">Inactive</Badge>;
}
