import { ErrorScreen } from "@/components/ui/error-screen";

/** A public gallery page that failed to render: the app's error screen ('Unexpected Application Error!'). */
export default function ServerErrorPage() {
  return <ErrorScreen error={new Error()} />;
}
