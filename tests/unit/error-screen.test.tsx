/** @jest-environment jsdom */
import { render, screen, fireEvent } from "@testing-library/react";
import { ErrorScreen } from "@/components/ui/error-screen";
import ServerErrorPage from "@/pages/500";

describe("ErrorScreen", () => {
  it("shows 'Unexpected Application Error!' with the status and its text", () => {
    const reset = jest.fn();
    render(<ErrorScreen error={Object.assign(new Error("boom"), { digest: "abc123" })} reset={reset} />);
    expect(screen.getByRole("heading", { name: "Unexpected Application Error!" })).toBeInTheDocument();
    expect(screen.getByTestId("error-status")).toHaveTextContent("500 Internal Server Error");
    expect(screen.getByText("Reference: abc123")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(reset).toHaveBeenCalled();
  });

  it("shows another status with the error's own text", () => {
    render(<ErrorScreen error={Object.assign(new Error("Not Found"), { status: 404 })} />);
    expect(screen.getByTestId("error-status")).toHaveTextContent("404 Not Found");
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("is the public gallery pages' 500 too (Pages Router)", () => {
    render(<ServerErrorPage />);
    expect(screen.getByRole("heading", { name: "Unexpected Application Error!" })).toBeInTheDocument();
    expect(screen.getByTestId("error-status")).toHaveTextContent("500 Internal Server Error");
    expect(screen.queryByRole("button")).toBeNull();
  });
});
