import type { StoredUser } from '@gw/core';

/** The user's avatar image, or the first letter of the username on a coloured disc. */
export function UserAvatar({ user, size }: { user: StoredUser | undefined; size: number }) {
  const style = { width: size, height: size, fontSize: size * 0.45 };
  if (user?.avatar_url) return <img className="gw-avatar" src={user.avatar_url} alt="" style={style} />;
  return (
    <span className="gw-avatar" style={style} aria-hidden="true">
      {(user?.username ?? '?').charAt(0).toUpperCase()}
    </span>
  );
}
