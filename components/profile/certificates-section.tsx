"use client";

import { MyCertificates, type MyCertificate } from "@/components/certificates/my-certificates";
import { ProfileSection, useSectionResult } from "@/components/profile/profile-section";

/** My Profile's section of the learner's certificates. */
export function CertificatesProfileSection({ certificates }: { certificates: MyCertificate[] }) {
  const result = useSectionResult();
  return (
    <ProfileSection id="certificates" title="My certificates" result={result.result}>
      <MyCertificates certificates={certificates} />
    </ProfileSection>
  );
}
