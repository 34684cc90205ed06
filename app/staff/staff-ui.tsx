/** Who: the name and the phone to call (a member who has not named themselves yet: the phone alone). */
export function MemberLine({ member, className }: { member: { fullName: string; phoneNumber: string }; className?: string }) {
  const name = member.fullName.trim();
  return (
    <p className={className}>
      {name ? <strong>{name} · </strong> : null}
      <span className="mono">{member.phoneNumber}</span>
    </p>
  );
}
