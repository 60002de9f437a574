/* This file starts here ... */
#include<stdio.h>
#include<time.h>
#include<stdlib.h>
int a;
long par_region(long n){
        int b;
        int *c = (int *)malloc(sizeof(int)*10);
       int d[10];
        const int f=0;
       static int g=0;
       {
          int e = b;
          subcall(c,d);
       }
}
/* ... and continues here ... */
void subcall(int *a,int *b){
        for(int i=0;i<10;i++)
            printf("%d %d\n",a[i],b[i]);
}
int main(int argc,char **argv){
        long n=10;
        par_region(n);
        return 0;
}
/* ... and finishes here. */
