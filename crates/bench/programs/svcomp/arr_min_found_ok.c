// arr_min_found_ok: min scan over 100 nondet values; the minimum must occur in the array.
// Expected verdict true (the twin arr_min_found_bug has a bug).
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern unsigned short __VERIFIER_nondet_ushort(void);
extern _Bool __VERIFIER_nondet_bool(void);
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
int a[100];
int main(void) {
  for (int i = 0; i < 100; i++) {
    a[i] = __VERIFIER_nondet_int();
  }
  int min = a[0];
  for (int i = 1; i < 100; i++) {
    if (a[i] < min) {
      min = a[i];
    }
  }
  int found = 0;
  for (int i = 0; i < 100; i++) {
    if (a[i] == min) {
      found = 1;
    }
  }
  __VERIFIER_assert(found);
  return 0;
}
