import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { forgetPass } from '#app/shell/check-in-store.ts';

/**
 * Signing out (POST /logout): the server revokes the token and this browser's check-in device; the
 * browser forgets the check-in key it kept for offline codes (issue 11), so the next member on this
 * phone never sees it.
 */
export function SignOutForm({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <Form method="post" action="/logout" className={className} onSubmit={() => void forgetPass()}>
      {children}
    </Form>
  );
}
