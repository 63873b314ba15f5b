import './zod-config';
import '@fontsource/inter/400.css';
import '@fontsource/inter/500.css';
import '@fontsource/inter/600.css';
import '@fontsource/inter/700.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { errorReporter } from './app/reporting';
import { i18nReady } from './app/i18n';
import { createAppRouter } from './app/router';
import { makeStore } from './app/store';

errorReporter.start();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The router starts loading the page's code at once; the language's texts load beside it.
const router = createAppRouter();
void i18nReady.then(() =>
  createRoot(root).render(
    <StrictMode>
      <App store={makeStore()} router={router} />
    </StrictMode>,
  ),
);
