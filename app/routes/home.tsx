import { Form } from 'react-router';
import { profileSchema } from '#contract/auth.ts';
import { gatewayClient } from '#app/gateway.server.ts';
import type { Route } from './+types/home';
import { useT } from '#app/i18n.ts';
import { pageMeta } from '#app/meta.ts';


export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'home.greetingNoName');

export async function loader(args: Route.LoaderArgs) {
  const { data: profile } = await gatewayClient(args)('/api/v1/auth/profile', profileSchema);
  return { fullName: profile.fullName.trim() };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  return (
    <main className="page">
      <h1>{loaderData.fullName ? t('home.greeting', { name: loaderData.fullName }) : t('home.greetingNoName')}</h1>
      <p className="lead">{t('home.lead')}</p>
      <Form method="post" action="/logout">
        <button type="submit" className="button button-secondary button-block">
          {t('home.signOut')}
        </button>
      </Form>
    </main>
  );
}
