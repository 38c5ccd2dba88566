/** The claim mapping the tests' OpenID Connect providers use: the standard claims, and no role mapping. */
export const STANDARD_CLAIMS = {
  emailClaim: "email",
  firstNameClaim: "given_name",
  lastNameClaim: "family_name",
  roleClaim: "",
  instructorValues: [] as string[],
  orgAdminValues: [] as string[],
};
