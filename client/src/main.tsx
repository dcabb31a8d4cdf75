import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';

/** Placeholder until the client shell lands (issue 4). */
function Placeholder() {
  return (
    <main className="mx-auto max-w-md p-8 text-center">
      <img src="/logo.svg" alt="" width={64} height={64} className="mx-auto" />
      <h1 className="mt-4 text-2xl font-bold">Truy xuất nguồn gốc</h1>
      <p className="mt-2 text-gray-600">Ứng dụng đang được xây dựng.</p>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Placeholder />
  </StrictMode>,
);
