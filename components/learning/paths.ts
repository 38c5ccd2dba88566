// The learner's URLs, in one place.
export const coursePath = (courseId: string) => `/courses/${courseId}`;
export const learnPath = (courseId: string) => `/courses/${courseId}/learn`;
export const lessonPath = (courseId: string, moduleId: string, lessonId: string) =>
  `/courses/${courseId}/modules/${moduleId}/lessons/${lessonId}`;
