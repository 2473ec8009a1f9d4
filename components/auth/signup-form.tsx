"use client";
import "@/lib/browser/zod-config";
import { useState } from "react";
import { useRouter } from "next/navigation";
import { useForm, type UseFormRegisterReturn } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { buttonClass } from "@/components/ui/button";
import { useHydrated } from "@/components/ui/use-hydrated";
import { Dialog } from "@/components/ui/dialog";
import { registerSchema, type RegisterInput, type Registration } from "@/lib/validation/accounts";
import { CLIENT_COUNTS, COMPANY_SIZES, DELIVERY_TYPES, HEARD_OPTIONS, JOB_TYPES, MEDIA_TYPES, PROJECT_SIZES } from "@/lib/services/access/rules/signup-options";
import { ApiError, apiCall } from "@/lib/browser/api-client";
import { doors } from "@/lib/contract";
import { TEXTS } from "@/lib/texts";
import { ROUTES } from "@/lib/routes";

const input =
  "mt-1.5 block w-full rounded-lg border border-zinc-300 px-3 py-2.5 text-sm shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none aria-[invalid=true]:border-red-400";

function Label({ htmlFor, children, required }: { htmlFor?: string; children: React.ReactNode; required?: boolean }) {
  return (
    <label htmlFor={htmlFor} className="block text-sm font-medium text-zinc-800">
      {children}
      {required && (
        <span className="ml-0.5 text-red-600" aria-hidden="true">
          *
        </span>
      )}
    </label>
  );
}

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="mt-1 text-xs text-red-700">
      {message}
    </p>
  ) : null;
}

function Choices({ legend, name, options, type, reg, error }: { legend: string; name: string; options: readonly string[]; type: "checkbox" | "radio"; reg: UseFormRegisterReturn; error?: string }) {
  return (
    <fieldset aria-describedby={error ? `${name}-error` : undefined} aria-invalid={!!error}>
      <legend className="text-sm font-medium text-zinc-800">
        {legend}
        <span className="ml-0.5 text-red-600" aria-hidden="true">
          *
        </span>
        <span className="sr-only"> (required)</span>
      </legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {options.map((o) => (
          <label key={o} className="flex cursor-pointer items-center gap-2 rounded-lg border border-zinc-200 px-3 py-2 text-sm has-[:checked]:border-brand-400 has-[:checked]:bg-brand-50">
            <input type={type} value={o} {...reg} className="accent-brand-600" />
            {o}
          </label>
        ))}
      </div>
      <FieldError id={`${name}-error`} message={error} />
    </fieldset>
  );
}

export function SignupForm() {
  const router = useRouter();
  const [serverError, setServerError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const hydrated = useHydrated();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<RegisterInput, unknown, Registration>({
    resolver: zodResolver(registerSchema),
    defaultValues: { mediaType: [], deliveryType: [], heardOption: "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await apiCall(doors.accounts.register, { body: values });
      setDone(true);
    } catch (e) {
      setServerError(e instanceof ApiError ? e.message : TEXTS.serverError);
      window.scrollTo({ top: 0, behavior: "smooth" });
    }
  });

  const text = (name: "name" | "email" | "password" | "companyName" | "websiteUrl", label: string, type = "text", autoComplete?: string) => (
    <div>
      <Label htmlFor={name} required>
        {label}
      </Label>
      <input
        id={name}
        type={type}
        autoComplete={autoComplete}
        required
        aria-invalid={!!errors[name]}
        aria-describedby={errors[name] ? `${name}-error` : undefined}
        className={input}
        {...register(name)}
      />
      <FieldError id={`${name}-error`} message={errors[name]?.message} />
    </div>
  );

  const select = (name: "companySize" | "jobType" | "numberOfClients" | "projectSize" | "heardOption", label: string, options: readonly string[], required = true) => (
    <div>
      <Label htmlFor={name} required={required}>
        {label}
      </Label>
      {/* Marked as the specification marks it, but not enforced: it may be answered later (spec §5). */}
      <select id={name} aria-invalid={!!errors[name]} aria-describedby={errors[name] ? `${name}-error` : undefined} className={input} defaultValue="" {...register(name)}>
        <option value="">{required ? "Select…" : "Select (optional)"}</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
      <FieldError id={`${name}-error`} message={errors[name]?.message} />
    </div>
  );

  return (
    <>
      <form onSubmit={onSubmit} method="post" className="space-y-6" noValidate>
        {serverError && (
          <p role="alert" data-testid="form-error" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {serverError}
          </p>
        )}
        <div className="grid gap-5 sm:grid-cols-2">
          {text("name", "Name", "text", "name")}
          {text("email", "Email", "email", "email")}
          {text("password", "Password", "password", "new-password")}
          {text("companyName", "Company name", "text", "organization")}
          <div className="sm:col-span-2">{text("websiteUrl", "Website", "text", "url")}</div>
          <p className="text-sm text-zinc-600 sm:col-span-2" data-testid="answer-later">
            {TEXTS.signupAnswerLater}
          </p>
          {select("companySize", "Company size", COMPANY_SIZES)}
          {select("jobType", "Job type", JOB_TYPES)}
          {select("numberOfClients", "Number of clients per year", CLIENT_COUNTS)}
          {select("projectSize", "Average project size", PROJECT_SIZES)}
        </div>
        <Choices legend="Media type" name="mediaType" type="checkbox" options={MEDIA_TYPES} reg={register("mediaType")} error={errors.mediaType?.message} />
        <Choices legend="How do you deliver today?" name="deliveryType" type="checkbox" options={DELIVERY_TYPES} reg={register("deliveryType")} error={errors.deliveryType?.message} />
        <div className="sm:w-1/2">{select("heardOption", "How did you hear about us?", HEARD_OPTIONS, false)}</div>
        <button type="submit" disabled={isSubmitting || !hydrated} className={buttonClass("primary", "w-full py-3")}>
          {isSubmitting ? "Submitting…" : "Create my account"}
        </button>
        <p className="text-center text-sm text-zinc-600">
          Already have an account?{" "}
          <a href={ROUTES.login} className="font-semibold text-brand-700 hover:underline">
            Login
          </a>
        </p>
      </form>
      <Dialog
        open={done}
        onOpenChange={(open) => {
          if (!open) router.push(ROUTES.login);
        }}
        title="Submission received"
        description={TEXTS.registrationSuccess}
        footer={
          <button type="button" className={buttonClass("primary")} onClick={() => router.push(ROUTES.login)}>
            OK
          </button>
        }
      />
    </>
  );
}
