// GET /login: the studio's sign-in (components/auth/sign-in-page.tsx), without any script.
import type { GetServerSideProps, PageConfig } from "next";
import { SignInPage } from "@/components/auth/sign-in-page";
import { signInPageProps, type SignInPageProps } from "@/lib/auth/sign-in-page";

export const config: PageConfig = { unstable_runtimeJS: false };

export const getServerSideProps: GetServerSideProps<SignInPageProps> = async ({ req, res, query }) => ({ props: signInPageProps(req, res, query, "admin") });

export default SignInPage;
