-- Issue 55 item 4: a refund (the charge of a file the worker rejected, returned) is its own ledger
-- kind, never a purchase. Its own migration: a value added to an enum cannot be used in the
-- transaction that adds it (the next migration moves the existing refunds to it).
ALTER TYPE "CreditType" ADD VALUE 'refund';
