import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MutationCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { errorMessage } from './api/client';
import { useUi } from './store';
import { App } from './components/App';
import './styles.css';

const queryClient = new QueryClient({
  // A failed action is always shown; mutations that show their error in place say so with meta.inlineError.
  mutationCache: new MutationCache({
    onError: (err, _vars, _ctx, mutation) => {
      if (mutation.meta?.inlineError !== true) useUi.getState().pushError(errorMessage(err));
    },
  }),
  defaultOptions: {
    // Pushed events keep data fresh; refetching on focus would only add load.
    queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: 1 },
  },
});

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <App />
    </QueryClientProvider>
  </StrictMode>,
);
