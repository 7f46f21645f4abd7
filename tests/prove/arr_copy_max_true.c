// expect: true
// (what each mode answers: tests/prove/manifest)
// a stack array of inputs copied by memcpy, then scanned for its maximum, which bounds every element
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "prove.c", 3, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern _Bool __VERIFIER_nondet_bool(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
extern void *memcpy(void *, const void *, unsigned long);
int main(void) {
  int src[4], dst[4];
  for (int i = 0; i < 4; i++) src[i] = __VERIFIER_nondet_int();
  memcpy(dst, src, sizeof dst);
  int m = dst[0];
  for (int i = 1; i < 4; i++) if (dst[i] > m) m = dst[i];
  for (int i = 0; i < 4; i++) __VERIFIER_assert(src[i] <= m);
  return 0;
}
