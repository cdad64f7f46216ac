import { Suspense } from 'react';
import { RouterProvider } from 'react-router/dom';
import { I18nProvider } from '../i18n/i18n-provider';
import { createAppRouter } from './router';

const router = createAppRouter();

export function App() {
  return (
    // Nothing is shown until the translations have arrived (or failed, which shows German or the
    // keys), so a visitor never sees text change language under their eyes.
    <Suspense fallback={null}>
      <I18nProvider>
        <RouterProvider router={router} />
      </I18nProvider>
    </Suspense>
  );
}
