"use client";
// The root error screen again, one level down, so an error in an app page keeps the providers
// (notifications, the query cache) around it; the root one still catches the public gallery's.
export { default } from "@/app/error";
