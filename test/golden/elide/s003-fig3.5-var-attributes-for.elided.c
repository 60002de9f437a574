/* To illustrate variable attributes, three
   files (a headerfile "a.h" and two source
   files "a.cpp" and "b.cpp") are used.
This file is a.cpp */
#include<stdio.h>
extern int var;
void test(int *array)
{
 int basecase = 100;
 for(int j = 0; j < 10; j++)
 {
          static int var1=0;
          int i = array[j];
          if( i < basecase )
                  array[j]+=var;
 }
}
/* This file is b.cpp*/
#include<stdio.h>
#include<stdlib.h>
#include<time.h>
#include"a.h"
int var = 100;
int main(int argc,char **argv)
{
  int *a=(int*)malloc(sizeof(int)*10);
  srand((unsigned)time(NULL));
  for(int i=0; i<10; i++)
    a[i]=rand();
  test(a);
  return 0;
}
/* This file is a.h*/
void test(int *a);
