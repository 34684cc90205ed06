import { redirect } from 'react-router';

/** §2: unknown paths go to /home (which sends signed-out visitors on to /landing). */
export const loader = () => redirect('/home');
export const action = () => redirect('/home');
