// Studio: the studio's own settings: its profile, branding and custom gallery domain.
// The domain's entry: code outside lib/services/studio/ imports this module or rules/, nothing else.
export { updateBranding } from "./branding";
export { checkOwnDomain, cnameTarget, isServedDomain, ownDomainState, recheckDomains, updateDomain } from "./domains";
export { updateProfile, validatePassword } from "./profile";
export { firstDelivery } from "./first-delivery";
