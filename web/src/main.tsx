import { StrictMode } from "react";
import { createRoot } from "react-dom/client";

// Every screen of the spec arrives with issue #7; this is the real entry point they hang from.
function App() {
  return (
    <main>
      <h1>Amia</h1>
      <p>Making event coordination effortless.</p>
    </main>
  );
}

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
