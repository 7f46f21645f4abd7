// expect: true
// growable stack on the heap (realloc doubling); pops come back in LIFO order
#include <stdlib.h>
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "heap_stack_pushpop.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

struct stack { int *data; int top; int cap; };

static int push(struct stack *s, int v) {
  if (s->top == s->cap) {
    int ncap = s->cap * 2;
    int *nd = realloc(s->data, ncap * sizeof(int));
    if (!nd) return 0;
    s->data = nd;
    s->cap = ncap;
  }
  s->data[s->top++] = v;
  return 1;
}

static int pop(struct stack *s) { return s->data[--s->top]; }

int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n >= 0 && n <= 8);
  struct stack s;
  s.data = malloc(sizeof(int));
  if (!s.data) return 0;
  s.top = 0;
  s.cap = 1;
  for (int i = 0; i < n; i++) {
    if (!push(&s, i * 3)) { free(s.data); return 0; }
  }
  if (s.top != n || s.cap < n) reach_error();
  for (int i = n - 1; i >= 0; i--) {
    if (pop(&s) != i * 3) reach_error();
  }
  if (s.top != 0) reach_error();
  free(s.data);
  return 0;
}
