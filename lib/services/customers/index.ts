// Customers: a studio's own customers (its screens say "Clients"), the galleries made for them and
// a CSV import. Their agreements, invoices and payments will join them here.
// The domain's entry: code outside lib/services/customers/ imports this module or rules/, nothing else.
export { createCustomer, deleteCustomer, getCustomer, linkGallery, linkableGalleries, listCustomers, unlinkGallery, updateCustomer } from "./customers";
export { importCustomers } from "./customer-import";
