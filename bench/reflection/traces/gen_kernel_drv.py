"""kernel-drv: Ingrid Halvorsen, embedded Linux engineer at Tervik Instruments.

Upstreaming an IIO driver for the Tervik TVS2210 I2C/SPI barometric pressure sensor (mainline iio tree,
6.10-rc; Raspberry Pi 5 on rpi-6.6.y; i.MX8MP EVK) and maintaining the out-of-tree PCIe FPGA capture-card
driver kx7 (DKMS on Ubuntu 24.04, kernel 6.8). Kbuild/make with O=, M=, ARCH=arm64,
CROSS_COMPILE=aarch64-linux-gnu-; dtc, dt-bindings YAML and `make dt_binding_check`; scripts/checkpatch.pl,
get_maintainer.pl, git format-patch; insmod/rmmod, dmesg, trace-cmd; QEMU arm64 boot tests; sparse (C=1).

Written blind for fresh/; measured once held out (round 20), then moved to tune/.

    cd bench/reflection/traces && python3 fresh/gen_kernel_drv.py && python3 check.py && python3 fresh/check_fresh.py
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "ihalvorsen"
H = "/home/ihalvorsen"
LX = H + "/src/linux"
RPI = H + "/src/linux-rpi"
KX = H + "/src/kx7-driver"
MODEL = "claude-opus-4-6"

CROSS = "ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu-"

CORE_C = """// SPDX-License-Identifier: GPL-2.0-only
/*
 * Tervik TVS2210 barometric pressure and temperature sensor
 *
 * Copyright (C) 2026 Tervik Instruments AB
 */

#include <linux/delay.h>
#include <linux/device.h>
#include <linux/gpio/consumer.h>
#include <linux/module.h>
#include <linux/regmap.h>
#include <linux/regulator/consumer.h>

#include <asm/unaligned.h>

#include <linux/iio/iio.h>

#include "tvs2210.h"

static const struct iio_chan_spec tvs2210_channels[] = {
	{
		.type = IIO_PRESSURE,
		.info_mask_separate = BIT(IIO_CHAN_INFO_RAW) | BIT(IIO_CHAN_INFO_SCALE),
		.scan_index = 0,
		.scan_type = {
			.sign = 'u',
			.realbits = 24,
			.storagebits = 32,
			.endianness = IIO_CPU,
		},
	},
	{
		.type = IIO_TEMP,
		.info_mask_separate = BIT(IIO_CHAN_INFO_RAW) | BIT(IIO_CHAN_INFO_SCALE),
		.scan_index = 1,
		.scan_type = {
			.sign = 's',
			.realbits = 16,
			.storagebits = 16,
			.endianness = IIO_CPU,
		},
	},
	IIO_CHAN_SOFT_TIMESTAMP(2),
};

const struct regmap_config tvs2210_regmap_config = {
	.reg_bits = 8,
	.val_bits = 8,
	.max_register = 0x7f,
};
EXPORT_SYMBOL_NS_GPL(tvs2210_regmap_config, IIO_TVS2210);

static int tvs2210_read_press(struct tvs2210_data *data, int *val)
{
	int ret;

	ret = regmap_bulk_read(data->regmap, TVS2210_REG_PRESS_XLSB,
			       data->buf, 3);
	if (ret)
		return ret;

	*val = get_unaligned_le24(data->buf);
	return 0;
}

static int tvs2210_read_raw(struct iio_dev *indio_dev,
			    struct iio_chan_spec const *chan,
			    int *val, int *val2, long mask)
{
	struct tvs2210_data *data = iio_priv(indio_dev);
	int ret;

	switch (mask) {
	case IIO_CHAN_INFO_RAW:
		ret = iio_device_claim_direct_mode(indio_dev);
		if (ret)
			return ret;
		if (chan->type == IIO_PRESSURE)
			ret = tvs2210_read_press(data, val);
		else
			ret = regmap_read(data->regmap, TVS2210_REG_TEMP, val);
		iio_device_release_direct_mode(indio_dev);
		if (ret)
			return ret;
		return IIO_VAL_INT;
	case IIO_CHAN_INFO_SCALE:
		if (chan->type == IIO_PRESSURE) {
			/* 1/64 Pa per LSB, IIO wants kPa */
			*val = 1;
			*val2 = 64000;
			return IIO_VAL_FRACTIONAL;
		}
		/* 1/128 degC per LSB, IIO wants milli degC */
		*val = 1000;
		*val2 = 128;
		return IIO_VAL_FRACTIONAL;
	default:
		return -EINVAL;
	}
}

static const struct iio_info tvs2210_info = {
	.read_raw = tvs2210_read_raw,
};

int tvs2210_probe(struct device *dev, struct regmap *regmap, int irq,
		  const char *name)
{
	struct iio_dev *indio_dev;
	struct tvs2210_data *data;
	unsigned int id;
	int ret;

	indio_dev = devm_iio_device_alloc(dev, sizeof(*data));
	if (!indio_dev)
		return -ENOMEM;

	data = iio_priv(indio_dev);
	data->regmap = regmap;
	data->dev = dev;

	ret = regmap_read(regmap, TVS2210_REG_CHIP_ID, &id);
	if (ret) {
		dev_err(dev, "failed to read chip id\\n");
		return ret;
	}
	if (id != TVS2210_CHIP_ID)
		dev_info(dev, "unknown chip id 0x%02x\\n", id);

	indio_dev->name = name;
	indio_dev->info = &tvs2210_info;
	indio_dev->channels = tvs2210_channels;
	indio_dev->num_channels = ARRAY_SIZE(tvs2210_channels);
	indio_dev->modes = INDIO_DIRECT_MODE;

	return devm_iio_device_register(dev, indio_dev);
}
EXPORT_SYMBOL_NS_GPL(tvs2210_probe, IIO_TVS2210);

MODULE_AUTHOR("Ingrid Halvorsen <ingrid.halvorsen@tervik.com>");
MODULE_DESCRIPTION("Tervik TVS2210 pressure sensor core driver");
MODULE_LICENSE("GPL");
"""

TVS_H = """/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _TVS2210_H_
#define _TVS2210_H_

#include <linux/bits.h>
#include <linux/types.h>

#include <linux/iio/iio.h>

#define TVS2210_REG_CHIP_ID		0x00
#define TVS2210_REG_STATUS		0x03
#define TVS2210_STATUS_DRDY		BIT(0)
#define TVS2210_STATUS_FW_REV_MASK	GENMASK(7, 4)
#define TVS2210_REG_CTRL		0x10
#define TVS2210_CTRL_MODE_MASK		GENMASK(1, 0)
#define TVS2210_REG_PRESS_XLSB		0x20
#define TVS2210_REG_TEMP		0x23
#define TVS2210_CHIP_ID			0x5a

struct device;
struct regmap;

struct tvs2210_data {
	struct device *dev;
	struct regmap *regmap;
	struct gpio_desc *reset_gpio;
	u8 buf[4] __aligned(IIO_DMA_MINALIGN);
};

extern const struct regmap_config tvs2210_regmap_config;

int tvs2210_probe(struct device *dev, struct regmap *regmap, int irq,
		  const char *name);

#endif /* _TVS2210_H_ */
"""

I2C_C = """// SPDX-License-Identifier: GPL-2.0-only
/*
 * Tervik TVS2210 pressure sensor, I2C interface
 *
 * Copyright (C) 2026 Tervik Instruments AB
 */

#include <linux/i2c.h>
#include <linux/mod_devicetable.h>
#include <linux/module.h>
#include <linux/regmap.h>

#include "tvs2210.h"

static int tvs2210_i2c_probe(struct i2c_client *client)
{
	struct regmap *regmap;

	regmap = devm_regmap_init_i2c(client, &tvs2210_regmap_config);
	if (IS_ERR(regmap))
		return dev_err_probe(&client->dev, PTR_ERR(regmap),
				     "failed to init regmap\\n");

	return tvs2210_probe(&client->dev, regmap, client->irq, client->name);
}

static const struct of_device_id tvs2210_of_match[] = {
	{ .compatible = "tervik,tvs2210" },
	{ }
};
MODULE_DEVICE_TABLE(of, tvs2210_of_match);

static const struct i2c_device_id tvs2210_i2c_id[] = {
	{ "tvs2210" },
	{ }
};
MODULE_DEVICE_TABLE(i2c, tvs2210_i2c_id);

static struct i2c_driver tvs2210_i2c_driver = {
	.driver = {
		.name = "tvs2210-i2c",
		.of_match_table = tvs2210_of_match,
	},
	.probe = tvs2210_i2c_probe,
	.id_table = tvs2210_i2c_id,
};
module_i2c_driver(tvs2210_i2c_driver);

MODULE_AUTHOR("Ingrid Halvorsen <ingrid.halvorsen@tervik.com>");
MODULE_DESCRIPTION("Tervik TVS2210 pressure sensor I2C driver");
MODULE_LICENSE("GPL");
MODULE_IMPORT_NS(IIO_TVS2210);
"""

KCONFIG_PRESS = """# SPDX-License-Identifier: GPL-2.0
#
# Pressure drivers
#
# When adding new entries keep the list in alphabetical order

menu "Pressure sensors"

config ABP060MG
	tristate "Honeywell ABP pressure sensor driver"
	depends on I2C
	help
	  Say yes here to build support for the Honeywell ABP pressure
	  sensors.

config ROHM_BM1390
	tristate "ROHM BM1390GLV-Z pressure sensor driver"
	depends on I2C
	select REGMAP_I2C
	select IIO_BUFFER
	select IIO_TRIGGERED_BUFFER
	help
	  Support for the ROHM BM1390 pressure sensor. The BM1390GLV-Z
	  can measure pressures ranging from 300 hPa to 1300 hPa with
	  configurable measurement averaging and internal FIFO.

config TVS2210
	tristate
	select IIO_BUFFER
	select IIO_TRIGGERED_BUFFER

config TVS2210_I2C
	tristate "Tervik TVS2210 pressure and temperature sensor (I2C)"
	depends on I2C
	select REGMAP_I2C
	select TVS2210
	help
	  Say yes here to build support for the Tervik TVS2210 barometric
	  pressure and temperature sensor connected via I2C.

	  To compile this driver as a module, choose M here: the modules
	  will be called tvs2210_i2c and tvs2210_core.

config ZPA2326
	tristate "Murata ZPA2326 pressure sensor driver"
	select IIO_BUFFER
	select IIO_TRIGGERED_BUFFER
	select REGMAP
	select ZPA2326_I2C if I2C
	select ZPA2326_SPI if SPI_MASTER
	help
	  Say Y here to build support for the Murata ZPA2326 pressure and
	  temperature sensor.

endmenu
"""

MAKEFILE_PRESS = """# SPDX-License-Identifier: GPL-2.0
#
# Makefile for industrial I/O pressure drivers
#

# When adding new entries keep the list in alphabetical order
obj-$(CONFIG_ABP060MG) += abp060mg.o
obj-$(CONFIG_ROHM_BM1390) += rohm-bm1390.o
obj-$(CONFIG_BMP280) += bmp280.o
bmp280-objs := bmp280-core.o bmp280-regmap.o
obj-$(CONFIG_BMP280_I2C) += bmp280-i2c.o
obj-$(CONFIG_BMP280_SPI) += bmp280-spi.o
obj-$(CONFIG_TVS2210) += tvs2210_core.o
obj-$(CONFIG_TVS2210_I2C) += tvs2210_i2c.o
obj-$(CONFIG_ZPA2326) += zpa2326.o
obj-$(CONFIG_ZPA2326_I2C) += zpa2326_i2c.o
obj-$(CONFIG_ZPA2326_SPI) += zpa2326_spi.o
"""

OVL_MAKEFILE = """# Overlays for the Raspberry Pi platform

dtb-$(CONFIG_ARCH_BCM2835) += overlay_map.dtb

dtbo-$(CONFIG_ARCH_BCM2835) += \\
	act-led.dtbo \\
	adafruit-st7735r.dtbo \\
	bme280.dtbo \\
	i2c-sensor.dtbo \\
	i2c1.dtbo \\
	spi0-1cs.dtbo \\
	spi0-2cs.dtbo \\
	tc358743.dtbo \\
	uart2.dtbo \\
	vc4-kms-v3d-pi5.dtbo \\
	w1-gpio.dtbo

targets += dtbs dtbs_install
targets += $(dtbo-y)

always-y := $(dtbo-y)
clean-files := *.dtbo
"""

KX_MAKEFILE = """# SPDX-License-Identifier: GPL-2.0
# Out-of-tree build of the Tervik KX7 PCIe capture card driver.
KDIR ?= /lib/modules/$(shell uname -r)/build

all:
	$(MAKE) -C $(KDIR) M=$(CURDIR) modules

clean:
	$(MAKE) -C $(KDIR) M=$(CURDIR) clean

tools: tools/kx7-dmatest

tools/kx7-dmatest: tools/kx7-dmatest.c include/uapi/linux/kx7.h
	$(CC) -Wall -Wextra -O2 -Iinclude/uapi -o $@ $<

.PHONY: all clean tools
"""

KX_KBUILD = """# SPDX-License-Identifier: GPL-2.0
obj-m := kx7.o
kx7-y := kx7_main.o kx7_dma.o kx7_fpga.o
ccflags-y := -I$(src)/include
"""

KX_DKMS = """PACKAGE_NAME="kx7"
PACKAGE_VERSION="2.4.0"
BUILT_MODULE_NAME[0]="kx7"
DEST_MODULE_LOCATION[0]="/updates/dkms"
AUTOINSTALL="yes"
"""

KX_H = """/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _KX7_H_
#define _KX7_H_

#include <linux/cdev.h>
#include <linux/dmaengine.h>
#include <linux/pci.h>

#define KX7_DRV_VERSION		"2.4.0"
#define KX7_NUM_DMA_CHANNELS	4
#define KX7_BAR_REGS		0
#define KX7_BAR_DMA		2

#define KX7_REG_ID		0x0000
#define KX7_REG_FW_VERSION	0x0004
#define KX7_REG_DMA_CTRL(ch)	(0x1000 + (ch) * 0x40)
#define KX7_REG_DMA_STATUS(ch)	(0x1004 + (ch) * 0x40)

struct kx7_dma_chan {
	struct kx7_dev *kdev;
	unsigned int index;
	wait_queue_head_t wq;
	bool done;
};

struct kx7_dev {
	struct pci_dev *pdev;
	void __iomem *regs;
	void __iomem *dma_regs;
	struct cdev cdev;
	struct fpga_manager *mgr;
	struct kx7_dma_chan chan[KX7_NUM_DMA_CHANNELS];
};

int kx7_dma_init(struct kx7_dev *kdev);
void kx7_dma_exit(struct kx7_dev *kdev);
int kx7_dma_start(struct kx7_dev *kdev, unsigned int ch, dma_addr_t addr, u32 len);
int kx7_fpga_init(struct kx7_dev *kdev);

#endif /* _KX7_H_ */
"""

KX_DMA_C = """// SPDX-License-Identifier: GPL-2.0
/*
 * Tervik KX7 PCIe capture card: DMA channels
 *
 * Copyright (C) 2024-2026 Tervik Instruments AB
 */

#include <linux/delay.h>
#include <linux/io.h>
#include <linux/jiffies.h>
#include <linux/wait.h>

#include "kx7.h"

#define KX7_DMA_TIMEOUT_MS	500

int kx7_dma_start(struct kx7_dev *kdev, unsigned int ch, dma_addr_t addr, u32 len)
{
	struct kx7_dma_chan *c = &kdev->chan[ch];
	long left;

	c->done = false;
	iowrite32(lower_32_bits(addr), kdev->dma_regs + KX7_REG_DMA_CTRL(ch) + 0x8);
	iowrite32(upper_32_bits(addr), kdev->dma_regs + KX7_REG_DMA_CTRL(ch) + 0xc);
	iowrite32(len, kdev->dma_regs + KX7_REG_DMA_CTRL(ch) + 0x10);
	iowrite32(1, kdev->dma_regs + KX7_REG_DMA_CTRL(ch));

	left = wait_event_timeout(c->wq, c->done, msecs_to_jiffies(KX7_DMA_TIMEOUT_MS));
	if (!left) {
		dev_warn(&kdev->pdev->dev, "dma ch%u: timeout, status 0x%08x\\n",
			 ch, ioread32(kdev->dma_regs + KX7_REG_DMA_STATUS(ch)));
		return -ETIMEDOUT;
	}
	return 0;
}

int kx7_dma_init(struct kx7_dev *kdev)
{
	unsigned int i;

	for (i = 0; i < KX7_NUM_DMA_CHANNELS; i++) {
		kdev->chan[i].kdev = kdev;
		kdev->chan[i].index = i;
		init_waitqueue_head(&kdev->chan[i].wq);
	}
	return 0;
}

void kx7_dma_exit(struct kx7_dev *kdev)
{
	unsigned int i;

	for (i = 0; i < KX7_NUM_DMA_CHANNELS; i++)
		iowrite32(0, kdev->dma_regs + KX7_REG_DMA_CTRL(i));
}
"""

KX_UAPI = """/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */
#ifndef _UAPI_LINUX_KX7_H
#define _UAPI_LINUX_KX7_H

#include <linux/ioctl.h>
#include <linux/types.h>

struct kx7_dma_req {
	__u32 channel;
	__u32 len;
	__u64 user_addr;
};

#define KX7_IOC_MAGIC		'k'
#define KX7_IOC_DMA_START	_IOW(KX7_IOC_MAGIC, 1, struct kx7_dma_req)
#define KX7_IOC_GET_FW		_IOR(KX7_IOC_MAGIC, 2, __u32)

#endif /* _UAPI_LINUX_KX7_H */
"""

KX_TEST = """// SPDX-License-Identifier: GPL-2.0
/* kx7-dmatest: push N DMA transfers through /dev/kx7-0 and report throughput */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include <linux/kx7.h>

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	unsigned int count = argc > 1 ? atoi(argv[1]) : 1000;
	size_t len = 4 << 20;
	struct kx7_dma_req req = { .channel = 0, .len = len };
	void *buf;
	double t0;
	int fd;

	fd = open("/dev/kx7-0", O_RDWR);
	if (fd < 0) {
		perror("open /dev/kx7-0");
		return 1;
	}
	if (posix_memalign(&buf, 4096, len))
		return 1;
	req.user_addr = (unsigned long)buf;

	t0 = now();
	for (unsigned int i = 0; i < count; i++) {
		if (ioctl(fd, KX7_IOC_DMA_START, &req)) {
			fprintf(stderr, "transfer %u: %s\\n", i, strerror(errno));
			return 1;
		}
	}
	printf("%u transfers of %zu KiB: %.1f MiB/s\\n", count, len >> 10,
	       count * (len / 1048576.0) / (now() - t0));
	return 0;
}
"""

FILES = {
    LX + "/drivers/iio/pressure/tvs2210_core.c": CORE_C,
    LX + "/drivers/iio/pressure/tvs2210.h": TVS_H,
    LX + "/drivers/iio/pressure/tvs2210_i2c.c": I2C_C,
    LX + "/drivers/iio/pressure/Kconfig": KCONFIG_PRESS,
    LX + "/drivers/iio/pressure/Makefile": MAKEFILE_PRESS,
    RPI + "/arch/arm/boot/dts/overlays/Makefile": OVL_MAKEFILE,
    KX + "/Makefile": KX_MAKEFILE,
    KX + "/Kbuild": KX_KBUILD,
    KX + "/dkms.conf": KX_DKMS,
    KX + "/kx7.h": KX_H,
    KX + "/kx7_dma.c": KX_DMA_C,
    KX + "/include/uapi/linux/kx7.h": KX_UAPI,
    KX + "/tools/kx7-dmatest.c": KX_TEST,
}


# ---------------------------------------------------------------- tool output helpers

def kmake(odir, body, src=LX):
    return (f"make[1]: Entering directory '{odir}'\n  GEN     Makefile\n" + body.strip("\n") +
            f"\nmake[1]: Leaving directory '{odir}'")


def cp_nodiff(files, strict=True):
    blocks = []
    for f in files:
        chk = "0 checks, " if strict else ""
        blocks.append(f"""ERROR: Does not appear to be a unified-diff format patch

total: 1 errors, 0 warnings, {chk}0 lines checked

NOTE: For some of the reported defects, checkpatch may be able to
      mechanically convert to the typical style using --fix or --fix-inplace.

{f} has style problems, please review.""")
    return "\n\n".join(blocks) + """

NOTE: If any of the errors are false positives, please report
      them to the maintainer, see CHECKPATCH in MAINTAINERS."""


def cp_clean(pairs, strict=True):
    blocks = []
    for f, n in pairs:
        chk = "0 checks, " if strict else ""
        blocks.append(f"total: 0 errors, 0 warnings, {chk}{n} lines checked\n\n"
                      f"{f} has no obvious style problems and is ready for submission.")
    return "\n\n".join(blocks)


def insmod_unknown(path):
    return f"insmod: ERROR: could not insert module {path}: Unknown symbol in module"


KREL = "6.8.0-47-generic"
KHDR = f"/usr/src/linux-headers-{KREL}"


def kx_build(objs, extra=""):
    cc = "\n".join(f"  CC [M]  {KX}/{o}" for o in objs)
    return f"""make -C /lib/modules/{KREL}/build M={KX} modules
make[1]: Entering directory '{KHDR}'
warning: the compiler differs from the one used to build the kernel
  The kernel was built by: x86_64-linux-gnu-gcc-13 (Ubuntu 13.2.0-23ubuntu4) 13.2.0
  You are using:           gcc-13 (Ubuntu 13.2.0-23ubuntu4) 13.2.0
{cc}
  LD [M]  {KX}/kx7.o
  MODPOST {KX}/Module.symvers
  CC [M]  {KX}/kx7.mod.o
  LD [M]  {KX}/kx7.ko
  BTF [M] {KX}/kx7.ko
Skipping BTF generation for {KX}/kx7.ko due to unavailability of vmlinux{extra}
make[1]: Leaving directory '{KHDR}'"""


def dkms_install(ver):
    return f"""Sign command: /usr/bin/kmodsign
Signing key: /var/lib/shim-signed/mok/MOK.priv
Public certificate (MOK): /var/lib/shim-signed/mok/MOK.der

Building module:
Cleaning build area...
make -j32 KERNELRELEASE={KREL} -C /lib/modules/{KREL}/build M=/var/lib/dkms/kx7/{ver}/build....
Signing module /var/lib/dkms/kx7/{ver}/build/kx7.ko
Cleaning build area...

kx7.ko.zst:
Running module version sanity check.
 - Original module
   - No original module exists within this kernel
 - Installation
   - Installing to /lib/modules/{KREL}/updates/dkms/
depmod..."""


def dkms_remove(ver):
    return f"""Module kx7-{ver} for kernel {KREL} (x86_64).
Before uninstall, this module version was ACTIVE on this kernel.

kx7.ko.zst:
 - Uninstallation
   - Deleting from: /lib/modules/{KREL}/updates/dkms/
 - Original module
   - No original module was found for this module on this kernel.
   - Use the dkms install command to reinstall any previous module version.
depmod...
Deleting module kx7-{ver} completely from the DKMS tree."""


def modinfo_kx7(ver, srcver):
    return f"""filename:       /lib/modules/{KREL}/updates/dkms/kx7.ko.zst
version:        {ver}
description:    Tervik KX7 PCIe capture card driver
author:         Ingrid Halvorsen <ingrid.halvorsen@tervik.com>
license:        GPL
srcversion:     {srcver}
alias:          pci:v00001FC9d00007A07sv*sd*bc*sc*i*
depends:        fpga-mgr
retpoline:      Y
name:           kx7
vermagic:       {KREL} SMP preempt mod_unload modversions 
sig_id:         PKCS#7
signer:         kx7-ws14 Secure Boot Module Signature key
sig_key:        3F:A1:0C:77:52:9E:4B:D0:1A:6E:88:C2:F5:09:3B:7D:E4:21:90:6C
sig_hashalgo:   sha512"""


def dtc_fail_binding(name, line, col):
    ex = f"Documentation/devicetree/bindings/iio/pressure/{name}"
    return f"""  DTEX    {ex}.example.dts
  LINT    Documentation/devicetree/bindings
  CHKDT   Documentation/devicetree/bindings/processed-schema.json
  SCHEMA  Documentation/devicetree/bindings/processed-schema.json
  DTC_CHK {ex}.example.dtb
Error: {ex}.example.dts:{line}.{col}-{col + 1} syntax error
FATAL ERROR: Unable to parse input tree
make[2]: *** [scripts/Makefile.lib:434: {ex}.example.dtb] Error 1
make[2]: *** Waiting for unfinished jobs....
make[1]: *** [{LX}/Makefile:1432: dt_binding_check] Error 2
make: *** [Makefile:240: __sub-make] Error 2"""


def binding_ok(name):
    ex = f"Documentation/devicetree/bindings/iio/pressure/{name}"
    return f"""  DTEX    {ex}.example.dts
  LINT    Documentation/devicetree/bindings
  CHKDT   Documentation/devicetree/bindings/processed-schema.json
  SCHEMA  Documentation/devicetree/bindings/processed-schema.json
  DTC_CHK {ex}.example.dtb"""


def qemu_boot(extra_dmesg="", tail_lines=None, kasan=False, ver="6.10.0-rc3-00412-g7c0e4bd6a1f3",
              built="Fri Oct  9 12:10:31 CEST 2026"):
    base = f"""[    0.000000] Booting Linux on physical CPU 0x0000000000 [0x410fd083]
[    0.000000] Linux version {ver} (ihalvorsen@ws14) (aarch64-linux-gnu-gcc (Ubuntu 13.2.0-23ubuntu4) 13.2.0, GNU ld (GNU Binutils for Ubuntu) 2.42) #{'7' if kasan else '5'} SMP PREEMPT {built}
[    0.000000] random: crng init done
[    0.000000] Machine model: linux,dummy-virt
[    0.000000] efi: UEFI not found.
[    0.000000] NUMA: No NUMA configuration found
[    0.000000] Zone ranges:
[    0.000000]   DMA      [mem 0x0000000040000000-0x00000000bfffffff]
[    0.000000] psci: probing for conduit method from DT.
[    0.000000] psci: PSCIv1.1 detected in firmware.
[    0.000000] Kernel command line: console=ttyAMA0 panic=-1 i2c_stub.chip_addr=0x76"""
    if kasan:
        base += """
[    0.000000] kasan: KernelAddressSanitizer initialized (generic)"""
    base += """
[    0.004127] Console: colour dummy device 80x25
[    0.011538] smp: Bringing up secondary CPUs ...
[    0.019801] smp: Brought up 1 node, 4 CPUs
[    0.019832] SMP: Total of 4 processors activated.
[    0.061207] i2c_dev: i2c /dev entries driver
[    0.061880] i2c-stub: Virtual chip at 0x76
[    0.071933] Serial: AMBA PL011 UART driver
[    0.072418] 9000000.pl011: ttyAMA0 at MMIO 0x9000000 (irq = 13, base_baud = 0) is a PL011 rev1
[    0.073011] printk: legacy console [ttyAMA0] enabled
[    0.412664] Freeing unused kernel memory: 9216K
[    0.413017] Run /init as init process
[    0.602116] i2c i2c-0: new_device: Instantiated device tvs2210 at 0x76
[    0.603559] tvs2210-i2c 0-0076: supply vdd not found, using dummy regulator
[    0.603812] tvs2210-i2c 0-0076: supply vddio not found, using dummy regulator"""
    base += extra_dmesg
    base += """
selftest: in_pressure_raw=6484800 in_temp_raw=2958
selftest: in_pressure_scale=0.000015625 in_temp_scale=7.812500000
selftest: PASS
[    0.911042] reboot: Power down"""
    lines = base.split("\n")
    if tail_lines:
        lines = lines[-tail_lines:]
    return "\n".join(lines)


BINDING = """# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
%YAML 1.2
---
$id: http://devicetree.org/schemas/iio/pressure/tervik,tvs2210.yaml#
$schema: http://devicetree.org/meta-schemas/core.yaml#

title: Tervik TVS2210 barometric pressure and temperature sensor

maintainers:
  - Ingrid Halvorsen <ingrid.halvorsen@tervik.com>

description: |
  Digital barometric pressure and temperature sensor with I2C and SPI
  interfaces, a 32-sample FIFO and a data-ready interrupt.

properties:
  compatible:
    enum:
      - tervik,tvs2210

  reg:
    maxItems: 1

  interrupts:
    maxItems: 1

  vdd-supply: true
  vddio-supply: true

  spi-max-frequency:
    maximum: 10000000

required:
  - compatible
  - reg
  - vdd-supply
  - vddio-supply

allOf:
  - $ref: /schemas/spi/spi-peripheral-props.yaml#

unevaluatedProperties: false

examples:
  - |
    i2c {
        #address-cells = <1>;
        #size-cells = <0>;

        pressure-sensor@76 {
            compatible = "tervik,tvs2210";
            reg = <0x76>;
            interrupt-parent = <&gpio1>;
            interrupts = <12 IRQ_TYPE_EDGE_RISING>;
            vdd-supply = <&reg_3v3>;
            vddio-supply = <&reg_1v8>;
        };
    };
"""

RPI_OVL = """// SPDX-License-Identifier: GPL-2.0
// Tervik TVS2210 pressure sensor on i2c1 (GPIO2/3), DRDY on GPIO23, reset on GPIO24
/dts-v1/;
/plugin/;

/ {
	compatible = "brcm,bcm2712";

	fragment@0 {
		target = <&i2c1>;
		__overlay__ {
			#address-cells = <1>;
			#size-cells = <0>;
			status = "okay";

			tvs2210: pressure-sensor@76 {
				compatible = "tervik,tvs2210";
				reg = <0x76>;
				interrupt-parent = <&rp1_gpio>;
				interrupts = <23 IRQ_TYPE_EDGE_RISING>;
				reset-gpios = <&rp1_gpio 24 GPIO_ACTIVE_LOW>;
				vdd-supply = <&vdd_3v3_reg>;
				vddio-supply = <&vdd_3v3_reg>;
			};
		};
	};

	__overrides__ {
		addr = <&tvs2210>,"reg:0";
	};
};
"""

IMX_DTSO = """// SPDX-License-Identifier: (GPL-2.0+ OR MIT)
/*
 * Tervik TVS2210 pressure sensor on the i.MX8MP EVK expansion header, ecspi2 CS0
 *
 * Copyright (C) 2026 Tervik Instruments AB
 */

/dts-v1/;
/plugin/;

&ecspi2 {
	#address-cells = <1>;
	#size-cells = <0>;
	status = "okay";

	pressure-sensor@0 {
		compatible = "tervik,tvs2210";
		reg = <0>;
		spi-max-frequency = <10000000>;
		interrupt-parent = <&gpio4>;
		interrupts = <20 IRQ_TYPE_EDGE_FALLING>;
		reset-gpios = <&gpio4 21 GPIO_ACTIVE_LOW>;
		vdd-supply = <&reg_vdd_3v3>;
		vddio-supply = <&reg_vdd_1v8>;
	};
};
"""

SPI_C = """// SPDX-License-Identifier: GPL-2.0-only
/*
 * Tervik TVS2210 pressure sensor, SPI interface
 *
 * Copyright (C) 2026 Tervik Instruments AB
 */

#include <linux/mod_devicetable.h>
#include <linux/module.h>
#include <linux/regmap.h>
#include <linux/spi/spi.h>

#include "tvs2210.h"

static int tvs2210_spi_probe(struct spi_device *spi)
{
	struct regmap_config cfg = tvs2210_regmap_config;
	struct regmap *regmap;

	/* bit 7 of the address byte selects read */
	cfg.read_flag_mask = BIT(7);

	regmap = devm_regmap_init_spi(spi, &cfg);
	if (IS_ERR(regmap))
		return dev_err_probe(&spi->dev, PTR_ERR(regmap),
				     "failed to init regmap\\n");

	return tvs2210_probe(&spi->dev, regmap, spi->irq, "tvs2210");
}

static const struct of_device_id tvs2210_spi_of_match[] = {
	{ .compatible = "tervik,tvs2210" },
	{ }
};
MODULE_DEVICE_TABLE(of, tvs2210_spi_of_match);

static const struct spi_device_id tvs2210_spi_id[] = {
	{ "tvs2210" },
	{ }
};
MODULE_DEVICE_TABLE(spi, tvs2210_spi_id);

static struct spi_driver tvs2210_spi_driver = {
	.driver = {
		.name = "tvs2210-spi",
		.of_match_table = tvs2210_spi_of_match,
	},
	.probe = tvs2210_spi_probe,
	.id_table = tvs2210_spi_id,
};
module_spi_driver(tvs2210_spi_driver);

MODULE_AUTHOR("Ingrid Halvorsen <ingrid.halvorsen@tervik.com>");
MODULE_DESCRIPTION("Tervik TVS2210 pressure sensor SPI driver");
MODULE_LICENSE("GPL");
MODULE_IMPORT_NS(IIO_TVS2210);
"""

MAINTAINERS_OUT = """Jonathan Cameron <jic23@kernel.org>
Lars-Peter Clausen <lars@metafoo.de>
Rob Herring <robh@kernel.org>
Krzysztof Kozlowski <krzk+dt@kernel.org>
Conor Dooley <conor+dt@kernel.org>
Ingrid Halvorsen <ingrid.halvorsen@tervik.com>
linux-iio@vger.kernel.org
devicetree@vger.kernel.org
linux-kernel@vger.kernel.org"""

SUBJ = [
    "dt-bindings: vendor-prefixes: add Tervik Instruments",
    "dt-bindings: iio: pressure: add Tervik TVS2210",
    "iio: pressure: add Tervik TVS2210 driver",
    "iio: pressure: tvs2210: add triggered buffer support",
    "iio: pressure: tvs2210: add SPI support",
]


def fname(subj):
    import re as _re
    s = _re.sub(r"[^A-Za-z0-9]+", "-", subj).strip("-")
    return s


def cover(ver, n, date, base="6b0f92c4a1e83d7f5d2a9c0b1e4f7a8d3c6b9e21"):
    vtag = f" v{ver}" if ver > 1 else ""
    names = "\n".join("  " + SUBJ[i] for i in range(n))
    return f"""From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001
From: Ingrid Halvorsen <ingrid.halvorsen@tervik.com>
Date: {date}
Subject: [PATCH{vtag} 0/{n}] *** SUBJECT HERE ***

*** BLURB HERE ***

Ingrid Halvorsen ({n}):
{names}

 .../bindings/iio/pressure/tervik,tvs2210.yaml |  {78 if ver > 2 else 72} +++
 .../devicetree/bindings/vendor-prefixes.yaml  |   2 +
 MAINTAINERS                                   |   {9 if ver > 2 else 8} +
 drivers/iio/pressure/Kconfig                  |  {38 if ver > 2 else 26} +
 drivers/iio/pressure/Makefile                 |   {3 if ver > 2 else 2} +
 drivers/iio/pressure/tvs2210.h                |  {64 if n > 3 else 58} ++
 drivers/iio/pressure/tvs2210_core.c           | {'486' if n > 3 else '292'} ++++++++++++++++++
 drivers/iio/pressure/tvs2210_i2c.c            |  63 +++{chr(10) + ' drivers/iio/pressure/tvs2210_spi.c            |  69 +++' if n > 4 else ''}
 {8 + (n > 4)} files changed, {1030 if n > 4 else (825 if n > 3 else 523)} insertions(+)


base-commit: {base}
-- 
2.46.1
"""


def patch_file(ver, i, n, date, body, stat):
    vtag = f" v{ver}" if ver > 1 else ""
    return f"""From 3f{i}a1c0d9e8b7a6f5e4d3c2b1a0f9e8d7c6b5a4{i:02d} Mon Sep 17 00:00:00 2001
From: Ingrid Halvorsen <ingrid.halvorsen@tervik.com>
Date: {date}
Subject: [PATCH{vtag} {i}/{n}] {SUBJ[i - 1]}

{body}

Signed-off-by: Ingrid Halvorsen <ingrid.halvorsen@tervik.com>
---
{stat}

diff --git a/drivers/iio/pressure/Kconfig b/drivers/iio/pressure/Kconfig
"""


def fp_out(ver, n):
    pre = f"v{ver}-" if ver > 1 else ""
    out = [f"outgoing/v{ver}/{pre}0000-cover-letter.patch"]
    for i in range(1, n + 1):
        out.append(f"outgoing/v{ver}/{pre}{i:04d}-{fname(SUBJ[i - 1])}.patch")
    return out


def lines_of(s):
    return len(s.rstrip("\n").split("\n"))


def gen():
    d = Dev("kernel-drv", U, "en", MODEL, seed=61023, files=FILES)
    P = LX + "/drivers/iio/pressure/"
    CORE = P + "tvs2210_core.c"

    # ================= S1 =================
    with d.session("2026-10-05T09:12:00", LX, branch="tvs2210", version="2.1.121"):
        t = d.task("morning. picking the TVS2210 upstreaming back up after the trade show. quick refresher: what do we "
                   "have in drivers/iio/pressure for it so far, what's committed, and how is the core/i2c split done?",
                   tags=["noise"])
        t.glob("drivers/iio/pressure/tvs2210*", [P + "tvs2210.h", P + "tvs2210_core.c", P + "tvs2210_i2c.c"])
        t.bash("git log --oneline iio/togreg..HEAD && git status --short", "Commits on the branch and working tree state",
               out="5be2f81c0a96 dt-bindings: vendor-prefixes: add Tervik Instruments\n"
                   " M MAINTAINERS\n M drivers/iio/pressure/Kconfig\n M drivers/iio/pressure/Makefile\n"
                   "?? drivers/iio/pressure/tvs2210.h\n?? drivers/iio/pressure/tvs2210_core.c\n?? drivers/iio/pressure/tvs2210_i2c.c")
        t.read(CORE)
        t.read(P + "tvs2210_i2c.c")
        t.done("Where it stands:\n"
               "- Committed on `tvs2210` (on top of `iio/togreg`): only the vendor-prefix patch.\n"
               "- Uncommitted: `tvs2210.h`, `tvs2210_core.c`, `tvs2210_i2c.c`, the Kconfig/Makefile entries and MAINTAINERS.\n"
               "- Split: `tvs2210_core.c` owns the IIO device (pressure + temp channels, raw/scale via regmap, soft "
               "timestamp) and exports `tvs2210_probe()` and `tvs2210_regmap_config` in the `IIO_TVS2210` namespace. "
               "`tvs2210_i2c.c` only builds the I2C regmap and calls `tvs2210_probe()`; Kconfig has a hidden `TVS2210` "
               "selected by `TVS2210_I2C`, so an SPI front end can be added the same way.\n"
               "- Missing: DT binding, regulators/reset in probe, buffer support.")

        t = d.task("write the DT binding for it: Documentation/devicetree/bindings/iio/pressure/tervik,tvs2210.yaml. "
                   "I2C and SPI, interrupt optional, vdd and vddio supplies required. run dt_binding_check on it and "
                   "commit it once clean", tags=["mistake:M1"])
        BIND = LX + "/Documentation/devicetree/bindings/iio/pressure/tervik,tvs2210.yaml"
        t.write(BIND, BINDING)
        t.fail("make dt_binding_check DT_SCHEMA_FILES=tervik,tvs2210.yaml", "Validate the new binding and its example",
               dtc_fail_binding("tervik,tvs2210", 29, 37), code=2)
        t.say("dtc can't parse the example: it uses `IRQ_TYPE_EDGE_RISING`, but the example doesn't include the header "
              "that defines it, so the preprocessor leaves the bare name in and dtc stops at it. Adding the include to the "
              "example.")
        t.edit(BIND, "  - |\n    i2c {", "  - |\n    #include <dt-bindings/interrupt-controller/irq.h>\n\n    i2c {")
        t.bash("make dt_binding_check DT_SCHEMA_FILES=tervik,tvs2210.yaml", "Validate the binding again",
               out=binding_ok("tervik,tvs2210"))
        t.bash("git add Documentation/devicetree/bindings/iio/pressure/tervik,tvs2210.yaml && "
               "git commit -s -m \"dt-bindings: iio: pressure: add Tervik TVS2210\"", "Commit the binding",
               out="[tvs2210 c81d3e0f2a47] dt-bindings: iio: pressure: add Tervik TVS2210\n"
                   " 1 file changed, 72 insertions(+)\n"
                   " create mode 100644 Documentation/devicetree/bindings/iio/pressure/tervik,tvs2210.yaml")
        t.done("Binding added and `dt_binding_check` is clean. The example needed "
               "`#include <dt-bindings/interrupt-controller/irq.h>` for `IRQ_TYPE_EDGE_RISING`. It `$ref`s "
               "spi-peripheral-props with `unevaluatedProperties: false`, so `spi-max-frequency` works for the SPI "
               "variant. Committed as c81d3e0f2a47.")

        t = d.task("quick q: do I still need of_match_ptr() and an #ifdef CONFIG_OF around the match table? a few older "
                   "drivers in pressure/ do that", tags=["noise", "no_tools"])
        t.done("No, and IIO reviewers will ask you to drop it. Use `.of_match_table = tvs2210_of_match` directly and "
               "include `<linux/mod_devicetable.h>`. With `of_match_ptr()` and CONFIG_OF=n the table is unused (warning), "
               "and ACPI systems can't match it through PRP0001. For properties, use `device_property_*()` / "
               "`fwnode` instead of `of_property_*()`. The old drivers just predate that.")

        t = d.task("now in tvs2210_probe: enable vdd + vddio (devm bulk get+enable), optional reset GPIO, and read the "
                   "firmware revision from the status register. in probe every failure returns dev_err_probe(), no "
                   "dev_err + return. then build it for x86 with W=1 and commit the driver",
                   tags=["pref:P1", "oneoff:O1"])
        t.edit(CORE, "\tIIO_CHAN_SOFT_TIMESTAMP(2),\n};\n",
               "\tIIO_CHAN_SOFT_TIMESTAMP(2),\n};\n\nstatic const char * const tvs2210_supplies[] = { \"vdd\", \"vddio\" };\n")
        t.edit(CORE, "\tunsigned int id;\n\tint ret;\n\n\tindio_dev", "\tunsigned int id, status, fw_rev;\n\tint ret;\n\n\tindio_dev")
        t.edit(CORE, """	ret = regmap_read(regmap, TVS2210_REG_CHIP_ID, &id);
	if (ret) {
		dev_err(dev, "failed to read chip id\\n");
		return ret;
	}
	if (id != TVS2210_CHIP_ID)
		dev_info(dev, "unknown chip id 0x%02x\\n", id);
""", """	ret = devm_regulator_bulk_get_enable(dev, ARRAY_SIZE(tvs2210_supplies),
					     tvs2210_supplies);
	if (ret)
		return dev_err_probe(dev, ret, "failed to enable supplies\\n");

	data->reset_gpio = devm_gpiod_get_optional(dev, "reset", GPIOD_OUT_HIGH);
	if (IS_ERR(data->reset_gpio))
		return dev_err_probe(dev, PTR_ERR(data->reset_gpio),
				     "failed to get reset gpio\\n");
	if (data->reset_gpio) {
		fsleep(100);
		gpiod_set_value_cansleep(data->reset_gpio, 0);
		/* t_startup after reset release is 2 ms max */
		fsleep(2000);
	}

	ret = regmap_read(regmap, TVS2210_REG_CHIP_ID, &id);
	if (ret)
		return dev_err_probe(dev, ret, "failed to read chip id\\n");
	if (id != TVS2210_CHIP_ID)
		dev_info(dev, "unknown chip id 0x%02x\\n", id);

	ret = regmap_read(regmap, TVS2210_REG_STATUS, &status);
	if (ret)
		return dev_err_probe(dev, ret, "failed to read status\\n");
	fw_rev = FIELD_GET(TVS2210_STATUS_FW_REV_MASK, status);
	dev_dbg(dev, "chip id 0x%02x, firmware rev %u\\n", id, fw_rev);
""")
        src = d.files[CORE].split("\n")
        ln = next(i for i, l in enumerate(src, 1) if "FIELD_GET" in l)
        t.fail("make O=~/build/x86 W=1 -j16 drivers/iio/pressure/", "Build the pressure drivers for x86 with W=1",
               f"""make[1]: Entering directory '{H}/build/x86'
  GEN     Makefile
  CALL    {LX}/scripts/checksyscalls.sh
  CC [M]  drivers/iio/pressure/tvs2210_core.o
{CORE}: In function ‘tvs2210_probe’:
{CORE}:{ln}:18: error: implicit declaration of function ‘FIELD_GET’ [-Werror=implicit-function-declaration]
  {ln} |         fw_rev = FIELD_GET(TVS2210_STATUS_FW_REV_MASK, status);
      |                  ^~~~~~~~~
cc1: some warnings being treated as errors
make[3]: *** [{LX}/scripts/Makefile.build:244: drivers/iio/pressure/tvs2210_core.o] Error 1
make[2]: *** [{LX}/Makefile:1934: drivers/iio/pressure] Error 2
make[1]: *** [{LX}/Makefile:240: __sub-make] Error 2
make[1]: Leaving directory '{H}/build/x86'
make: *** [Makefile:240: __sub-make] Error 2""", code=2)
        t.say("`FIELD_GET` comes from `<linux/bitfield.h>`, which the core doesn't include. Adding it.")
        t.edit(CORE, "#include <linux/delay.h>\n", "#include <linux/bitfield.h>\n#include <linux/delay.h>\n")
        t.bash("make O=~/build/x86 W=1 -j16 drivers/iio/pressure/", "Build again",
               out=kmake(H + "/build/x86", f"""  CALL    {LX}/scripts/checksyscalls.sh
  CC [M]  drivers/iio/pressure/tvs2210_core.o
  CC [M]  drivers/iio/pressure/tvs2210_i2c.o"""))
        t.bash("git add MAINTAINERS drivers/iio/pressure && git commit -s -m \"iio: pressure: add Tervik TVS2210 driver\"",
               "Commit the driver",
               out="[tvs2210 a41c9e07d2b1] iio: pressure: add Tervik TVS2210 driver\n"
                   " 6 files changed, 451 insertions(+)\n"
                   " create mode 100644 drivers/iio/pressure/tvs2210.h\n"
                   " create mode 100644 drivers/iio/pressure/tvs2210_core.c\n"
                   " create mode 100644 drivers/iio/pressure/tvs2210_i2c.c")
        t.done("Probe now enables vdd/vddio with `devm_regulator_bulk_get_enable()` (disabled automatically on unbind), "
               "pulses the optional `reset` GPIO and waits the 2 ms start-up time, and reads the firmware revision "
               "(`FIELD_GET` on the status register, shown with `dev_dbg`). Every error path in probe returns "
               "`dev_err_probe()`. The first W=1 build failed because `<linux/bitfield.h>` wasn't included; with it, the "
               "x86 build is clean. Committed as a41c9e07d2b1.")

    # ================= S2 =================
    with d.session("2026-10-07T13:41:00", RPI, branch="rpi-6.6.y-tvs2210", version="2.1.122"):
        t = d.task("backport the tvs2210 commits onto my rpi-6.6.y-tvs2210 branch here. use git cherry-pick -x so we "
                   "keep the upstream commit ids. then enable TVS2210_I2C=m in ~/build/rpi5 (the pi5 runs my 6.6.58 "
                   "build from there) and build the modules", tags=["pref:P2"])
        t.bash(f"git fetch {LX} tvs2210", "Fetch the upstream work branch",
               out=f"From {LX}\n * branch                    tvs2210    -> FETCH_HEAD")
        t.bash("git cherry-pick -x FETCH_HEAD~3..FETCH_HEAD", "Cherry-pick the three commits with -x",
               out="[rpi-6.6.y-tvs2210 7d3e1b5c0a92] dt-bindings: vendor-prefixes: add Tervik Instruments\n"
                   " Date: Thu Oct 1 16:20:11 2026 +0200\n 1 file changed, 2 insertions(+)\n"
                   "[rpi-6.6.y-tvs2210 0e9f4c2a7b18] dt-bindings: iio: pressure: add Tervik TVS2210\n"
                   " Date: Mon Oct 5 11:17:20 2026 +0200\n 1 file changed, 72 insertions(+)\n"
                   " create mode 100644 Documentation/devicetree/bindings/iio/pressure/tervik,tvs2210.yaml\n"
                   "[rpi-6.6.y-tvs2210 e26a8d41f3c7] iio: pressure: add Tervik TVS2210 driver\n"
                   " Date: Mon Oct 5 11:25:30 2026 +0200\n 6 files changed, 451 insertions(+)\n"
                   " create mode 100644 drivers/iio/pressure/tvs2210.h\n"
                   " create mode 100644 drivers/iio/pressure/tvs2210_core.c\n"
                   " create mode 100644 drivers/iio/pressure/tvs2210_i2c.c")
        for f in ("tvs2210_core.c", "tvs2210.h", "tvs2210_i2c.c"):
            d.files[RPI + "/drivers/iio/pressure/" + f] = d.files[P + f]
        t.bash("cat ~/kfrag/tvs2210.config && scripts/kconfig/merge_config.sh -m -O ~/build/rpi5 ~/build/rpi5/.config "
               f"~/kfrag/tvs2210.config && make {CROSS} O=~/build/rpi5 olddefconfig",
               "Merge the TVS2210 fragment into the Pi 5 config",
               out=f"""CONFIG_TVS2210_I2C=m
Using {H}/build/rpi5/.config as base
Merging {H}/kfrag/tvs2210.config
#
# merged configuration written to {H}/build/rpi5/.config (needs make)
#
make[1]: Entering directory '{H}/build/rpi5'
  GEN     Makefile
#
# configuration written to .config
#
make[1]: Leaving directory '{H}/build/rpi5'""")
        t.bash(f"make {CROSS} O=~/build/rpi5 -j16 modules", "Build the Pi 5 modules", timeout=1800000,
               out=kmake(H + "/build/rpi5", f"""  CALL    {RPI}/scripts/checksyscalls.sh
  CC [M]  drivers/iio/pressure/tvs2210_core.o
  CC [M]  drivers/iio/pressure/tvs2210_i2c.o
  MODPOST Module.symvers
  CC [M]  drivers/iio/pressure/tvs2210_core.mod.o
  LD [M]  drivers/iio/pressure/tvs2210_core.ko
  CC [M]  drivers/iio/pressure/tvs2210_i2c.mod.o
  LD [M]  drivers/iio/pressure/tvs2210_i2c.ko"""))
        t.bash("ssh pi5 uname -r && modinfo -F vermagic ~/build/rpi5/drivers/iio/pressure/tvs2210_core.ko",
               "Check the module matches the running Pi kernel",
               out="6.6.58-v8-16k+\n6.6.58-v8-16k+ SMP preempt mod_unload modversions aarch64")
        t.done("Cherry-picked the three commits with `-x` (each carries `(cherry picked from commit …)`), merged "
               "`CONFIG_TVS2210_I2C=m` into `~/build/rpi5/.config`, and built `tvs2210_core.ko` and "
               "`tvs2210_i2c.ko`. Their vermagic matches the kernel running on the Pi (6.6.58-v8-16k+).")

        t = d.task("copy them to the pi and load them by hand. the breakout is on i2c-1 at 0x76, no overlay yet, so "
                   "instantiate it through new_device. show me raw readings and the kernel log",
                   tags=["mistake:M3", "long_output"])
        t.bash("scp ~/build/rpi5/drivers/iio/pressure/tvs2210_core.ko ~/build/rpi5/drivers/iio/pressure/tvs2210_i2c.ko pi5:/tmp/",
               "Copy the modules to the Pi")
        t.fail("ssh pi5 'sudo insmod /tmp/tvs2210_core.ko'", "Load the core module on the Pi",
               insmod_unknown("/tmp/tvs2210_core.ko"))
        t.bash("ssh pi5 'sudo dmesg | tail -n 4'", "See which symbols are missing",
               out="""[ 8812.443817] tvs2210_core: Unknown symbol devm_iio_device_alloc (err -2)
[ 8812.443903] tvs2210_core: Unknown symbol iio_device_claim_direct_mode (err -2)
[ 8812.443951] tvs2210_core: Unknown symbol iio_device_release_direct_mode (err -2)
[ 8812.444020] tvs2210_core: Unknown symbol __devm_iio_device_register (err -2)""")
        t.say("All four symbols belong to the IIO core. On the Pi kernel `industrialio` is a module, nothing has loaded "
              "it yet, and insmod doesn't pull in dependencies. Loading it first, then the two tvs2210 modules.")
        t.bash("ssh pi5 'sudo modprobe industrialio'", "Load the IIO core module first")
        t.bash("ssh pi5 'sudo insmod /tmp/tvs2210_core.ko && sudo insmod /tmp/tvs2210_i2c.ko && lsmod | grep -E \"tvs2210|industrialio\"'",
               "Load the tvs2210 modules",
               out="tvs2210_i2c            12288  0\ntvs2210_core           16384  1 tvs2210_i2c\n"
                   "industrialio          114688  1 tvs2210_core")
        t.bash("ssh pi5 'echo tvs2210 0x76 | sudo tee /sys/bus/i2c/devices/i2c-1/new_device && sleep 1 && "
               "grep -H . /sys/bus/iio/devices/iio:device0/{name,in_pressure_raw,in_pressure_scale,in_temp_raw,in_temp_scale}'",
               "Instantiate the device and read the channels",
               out="tvs2210 0x76\n/sys/bus/iio/devices/iio:device0/name:tvs2210\n"
                   "/sys/bus/iio/devices/iio:device0/in_pressure_raw:6483571\n"
                   "/sys/bus/iio/devices/iio:device0/in_pressure_scale:0.000015625\n"
                   "/sys/bus/iio/devices/iio:device0/in_temp_raw:2958\n"
                   "/sys/bus/iio/devices/iio:device0/in_temp_scale:7.812500000")
        t.bash("ssh pi5 'sudo dmesg | tail -n 30'", "Kernel log since the first attempt",
               out="""[ 8812.443817] tvs2210_core: Unknown symbol devm_iio_device_alloc (err -2)
[ 8812.443903] tvs2210_core: Unknown symbol iio_device_claim_direct_mode (err -2)
[ 8812.443951] tvs2210_core: Unknown symbol iio_device_release_direct_mode (err -2)
[ 8812.444020] tvs2210_core: Unknown symbol __devm_iio_device_register (err -2)
[ 8871.151302] i2c i2c-1: new_device: Instantiated device tvs2210 at 0x76
[ 8871.152418] tvs2210-i2c 1-0076: supply vdd not found, using dummy regulator
[ 8871.152619] tvs2210-i2c 1-0076: supply vddio not found, using dummy regulator
[ 8873.006119] brcmfmac: brcmf_cfg80211_set_power_mgmt: power save enabled
[ 8874.512260] IPv6: ADDRCONF(NETDEV_CHANGE): wlan0: link becomes ready
[ 8901.377090] systemd-journald[312]: Time jumped backwards, rotating.
[ 8940.002714] Bluetooth: hci0: unexpected event 0xff length: 4
[ 8942.551063] v3d 1002000000.v3d: MMU error from client CLE (0) at 0x1b81000, pte invalid
[ 8960.108842] usb 3-1: USB disconnect, device number 4
[ 8961.412377] usb 3-1: new high-speed USB device number 5 using xhci-hcd
[ 8961.560103] usb 3-1: New USB device found, idVendor=0403, idProduct=6014, bcdDevice= 9.00
[ 8961.560118] usb 3-1: New USB device strings: Mfr=1, Product=2, SerialNumber=3
[ 8961.560124] usb 3-1: Product: C232HM-DDHSL-0
[ 8961.560129] usb 3-1: Manufacturer: FTDI
[ 8961.560134] usb 3-1: SerialNumber: FT5Q2L7B
[ 8961.571880] ftdi_sio 3-1:1.0: FTDI USB Serial Device converter detected
[ 8961.571962] usb 3-1: Detected FT232H
[ 8961.572390] usb 3-1: FTDI USB Serial Device converter now attached to ttyUSB0
[ 8990.774016] usb 3-1: USB disconnect, device number 5
[ 8990.774590] ftdi_sio ttyUSB0: FTDI USB Serial Device converter now disconnected from ttyUSB0
[ 8990.774631] ftdi_sio 3-1:1.0: device disconnected
[ 9022.041553] rpi-gpiomem 107d508500.gpiomem: Released gpiomem by pid 2113
[ 9032.458020] systemd-journald[312]: Data hash table of /var/log/journal/4f0c1e/system.journal has a fill level at 75.0 (8535 of 11377 items, 6553600 file size, 767 bytes per hash table item), suggesting rotation.""")
        t.done("Loaded and reading:\n- pressure raw 6483571 × 0.000015625 = 101.306 kPa\n- temperature raw 2958 × 7.8125 = "
               "23109 m°C (23.1 °C)\n"
               "The first `insmod` failed with unknown symbols: `industrialio` is a module on the Pi kernel and wasn't "
               "loaded. After loading it, both tvs2210 modules load and the device probes on i2c-1 (dummy regulators, "
               "since new_device has no supplies). The rest of the log is unrelated: the FTDI cable being replugged, "
               "Wi-Fi and journald.")

        t = d.task("so raw 6483571 at scale 0.000015625 is 101.3 kPa. why does IIO insist on kPa for pressure and milli "
                   "degrees for temp? feels arbitrary", tags=["noise", "no_tools"])
        t.done("Mostly history and consistency. The sysfs ABI (Documentation/ABI/testing/sysfs-bus-iio) fixes one unit per "
               "channel type so userspace can apply `(raw + offset) * scale` without knowing the device: pressure in "
               "kilopascal, temperature in milli degrees Celsius, voltage in millivolts, and so on. The units were chosen "
               "early (some follow hwmon) and can't change without breaking the ABI. Your scale just has to map LSBs to "
               "those units: 1/64 Pa per LSB becomes 1/64000 kPa, 1/128 °C becomes 1000/128 m°C.")

    # ================= S3 =================
    with d.session("2026-10-09T10:04:00", LX, branch="tvs2210", version="2.1.123"):
        t = d.task("run checkpatch on the tvs2210 sources before I put v1 together", tags=["mistake:M2"])
        srcs = ["drivers/iio/pressure/tvs2210_core.c", "drivers/iio/pressure/tvs2210_i2c.c", "drivers/iio/pressure/tvs2210.h"]
        t.fail("./scripts/checkpatch.pl --strict " + " ".join(srcs), "checkpatch the driver sources",
               cp_nodiff(srcs))
        t.say("checkpatch reads its arguments as patches unless it's told they are plain source files, so on a .c file "
              "it finds no diff at all. Running it again in file mode.")
        t.bash("./scripts/checkpatch.pl --strict -f " + " ".join(srcs), "checkpatch the sources in file mode",
               out=cp_clean([(s, lines_of(d.files[LX + "/" + s])) for s in srcs]))
        t.done("All three files are clean under `--strict`: 0 errors, 0 warnings, 0 checks. The first run reported "
               "\"not a unified diff\" only because the files were passed as patches.")

        t = d.task("put v1 together against iio/togreg: format-patch with a cover letter into outgoing/v1, checkpatch the "
                   "patches, get_maintainer for the To/Cc list. from now on the version changelog goes in the cover "
                   "letter only, never in the individual patches. don't send anything, I'll do that myself",
                   tags=["workflow:W1", "pref:P3"])
        files = fp_out(1, 3)
        t.bash("git format-patch --cover-letter --base=iio/togreg -o outgoing/v1 iio/togreg..HEAD",
               "Generate the v1 series", out="\n".join(files))
        CL1 = LX + "/" + files[0]
        d.files[CL1] = cover(1, 3, "Fri, 9 Oct 2026 12:08:40 +0200")
        t.read(CL1)
        t.edit(CL1, "Subject: [PATCH 0/3] *** SUBJECT HERE ***\n\n*** BLURB HERE ***\n",
               "Subject: [PATCH 0/3] iio: pressure: add Tervik TVS2210 support\n\n"
               "The TVS2210 is a barometric pressure and temperature sensor with I2C\n"
               "and SPI interfaces, a 32-sample FIFO and a data-ready interrupt.\n\n"
               "This series adds the vendor prefix, the DT binding and an IIO driver\n"
               "split into a core module and an I2C front end. Raw and scale are\n"
               "exposed for both channels. Buffer support and SPI will follow.\n\n"
               "Tested on a Raspberry Pi 5 (rpi-6.6.y backport) with the Tervik\n"
               "TVS2210-EVB breakout, and boot-tested on arm64 QEMU with i2c-stub.\n")
        t.bash("./scripts/checkpatch.pl --strict outgoing/v1/000[1-3]-*.patch", "checkpatch the patches",
               out=cp_clean([(files[1], 14), (files[2], 84), (files[3], 498)]))
        t.bash("./scripts/get_maintainer.pl --norolestats outgoing/v1/000[1-3]-*.patch", "Who to send it to",
               out=MAINTAINERS_OUT)
        t.done("`outgoing/v1/` has the cover letter and 3 patches. The cover letter has a subject and a blurb and no "
               "changelog, since this is v1. checkpatch `--strict` is clean on all three. To/Cc from get_maintainer:\n"
               "- To: Jonathan Cameron <jic23@kernel.org>, Rob Herring, Krzysztof Kozlowski, Conor Dooley\n"
               "- Cc: Lars-Peter Clausen, linux-iio@vger.kernel.org, devicetree@vger.kernel.org, linux-kernel@vger.kernel.org\n"
               "Noted: from v2 on, the per-version changelog goes only in the cover letter. Nothing was sent.")

        t = d.task("boot the branch on arm64 in qemu before I send: tvs2210 built in, the i2c-stub selftest initramfs in "
                   "~/qemu. tell me if anything splats", tags=["workflow:W3"])
        t.bash(f"scripts/kconfig/merge_config.sh -m -O ~/build/qemu-arm64 arch/arm64/configs/defconfig ~/kfrag/qemu-tvs2210.config "
               f"&& make {CROSS} O=~/build/qemu-arm64 olddefconfig", "Configure the QEMU kernel",
               out=f"""Using arch/arm64/configs/defconfig as base
Merging {H}/kfrag/qemu-tvs2210.config
#
# merged configuration written to {H}/build/qemu-arm64/.config (needs make)
#
make[1]: Entering directory '{H}/build/qemu-arm64'
  GEN     Makefile
#
# configuration written to .config
#
make[1]: Leaving directory '{H}/build/qemu-arm64'""")
        t.bash(f"make {CROSS} O=~/build/qemu-arm64 -j16 Image", "Build the arm64 Image", timeout=1800000,
               out=kmake(H + "/build/qemu-arm64", f"""  CALL    {LX}/scripts/checksyscalls.sh
  CC      drivers/iio/pressure/tvs2210_core.o
  CC      drivers/iio/pressure/tvs2210_i2c.o
  AR      drivers/iio/pressure/built-in.a
  AR      drivers/iio/built-in.a
  AR      drivers/built-in.a
  AR      built-in.a
  AR      vmlinux.a
  LD      vmlinux.o
  OBJCOPY modules.builtin.modinfo
  GEN     modules.builtin
  MODPOST vmlinux.symvers
  CC      .vmlinux.export.o
  UPD     include/generated/utsversion.h
  CC      init/version-timestamp.o
  LD      .tmp_vmlinux.kallsyms1
  NM      .tmp_vmlinux.kallsyms1.syms
  KSYMS   .tmp_vmlinux.kallsyms1.S
  AS      .tmp_vmlinux.kallsyms1.S
  LD      .tmp_vmlinux.kallsyms2
  NM      .tmp_vmlinux.kallsyms2.syms
  KSYMS   .tmp_vmlinux.kallsyms2.S
  AS      .tmp_vmlinux.kallsyms2.S
  LD      vmlinux
  NM      System.map
  SORTTAB vmlinux
  OBJCOPY arch/arm64/boot/Image"""))
        QEMU = ("timeout 300 qemu-system-aarch64 -M virt -cpu cortex-a72 -smp 4 -m 2G -nographic -no-reboot "
                "-kernel ~/build/qemu-arm64/arch/arm64/boot/Image -initrd ~/qemu/rootfs-arm64.cpio.gz "
                "-append \"console=ttyAMA0 panic=-1 i2c_stub.chip_addr=0x76\" 2>&1 | tee /tmp/qemu-tvs.log")
        t.bash(QEMU + " | tail -n 12", "Boot it in QEMU and run the selftest", timeout=360000,
               out=qemu_boot(tail_lines=12, ver="6.10.0-rc3-00409-ga41c9e07d2b1"))
        t.bash("grep -nE \"BUG:|WARNING:|Oops|Call trace\" /tmp/qemu-tvs.log || echo \"no splats\"",
               "Scan the log for splats", out="no splats")
        t.done("It boots to the initramfs on arm64 QEMU (cortex-a72, 4 CPUs). The selftest instantiates the device on "
               "i2c-stub and reads pressure and temperature, and prints PASS. The boot log has no BUG, WARNING, Oops or "
               "call trace. Full log: /tmp/qemu-tvs.log.")

        t = d.task("if Jonathan gives a Reviewed-by on v1 and I then change that patch for v2, do I keep the tag? check "
                   "what submitting-patches actually says", tags=["noise", "webfetch"])
        t.webfetch("https://docs.kernel.org/process/submitting-patches.html",
                   "What does it say about keeping Reviewed-by/Acked-by tags when a patch changes between versions?",
                   "From \"Using Reported-by:, Tested-by:, Reviewed-by:, Suggested-by: and Fixes:\": "
                   "Both Tested-by and Reviewed-by tags, once received on mailing list from tester or reviewer, should be "
                   "added by author to the applicable patches when sending next versions. However if the patch has changed "
                   "substantially in following version, these tags might not be applicable anymore and thus should be "
                   "removed. Usually removal of someone's Tested-by or Reviewed-by tags should be mentioned in the patch "
                   "changelog (after the '---' separator).")
        t.done("Keep it if the change is small (a rename, a comment, a fix the reviewer asked for). Drop it if the patch "
               "changed substantially, and say so in the changelog, e.g. \"dropped Jonathan's R-b due to the buffer "
               "rework\". Tags you received go on the applicable patches in the next version, above your "
               "Signed-off-by. b4 collects them for you with `b4 trailers -u`.")

    # ================= S4 =================
    with d.session("2026-10-13T09:33:00", RPI, branch="rpi-6.6.y-tvs2210", version="2.1.124"):
        t = d.task("write a pi5 overlay for the sensor: i2c1, 0x76, data-ready on GPIO23 rising edge, reset on GPIO24 "
                   "active low. add it to the overlays Makefile, build the dtbs, then install modules + overlay on the pi "
                   "and reboot it with dtoverlay=tvs2210", tags=["mistake:M1"])
        OVL = RPI + "/arch/arm/boot/dts/overlays/tvs2210-overlay.dts"
        OMK = RPI + "/arch/arm/boot/dts/overlays/Makefile"
        t.write(OVL, RPI_OVL)
        t.read(OMK)
        t.edit(OMK, "\ttc358743.dtbo \\\n", "\ttc358743.dtbo \\\n\ttvs2210.dtbo \\\n")
        t.fail(f"make {CROSS} O=~/build/rpi5 -j16 dtbs", "Build the device trees and overlays",
               f"""make[1]: Entering directory '{H}/build/rpi5'
  GEN     Makefile
  DTCO    arch/arm64/boot/dts/overlays/tvs2210.dtbo
Error: {RPI}/arch/arm64/boot/dts/overlays/tvs2210-overlay.dts:20.22-23 syntax error
FATAL ERROR: Unable to parse input tree
make[4]: *** [{RPI}/scripts/Makefile.lib:423: arch/arm64/boot/dts/overlays/tvs2210.dtbo] Error 1
make[3]: *** [{RPI}/scripts/Makefile.build:480: arch/arm64/boot/dts/overlays] Error 2
make[2]: *** [{RPI}/scripts/Makefile.build:480: arch/arm64/boot/dts/broadcom] Error 2
make[1]: *** [{RPI}/Makefile:1390: dtbs] Error 2
make[1]: Leaving directory '{H}/build/rpi5'
make: *** [Makefile:234: __sub-make] Error 2""", code=2)
        t.say("Line 20 is the `interrupts` property. The overlay uses `IRQ_TYPE_EDGE_RISING` and `GPIO_ACTIVE_LOW` but "
              "includes neither dt-bindings header, so dtc gets the raw names. Adding both includes at the top, the way "
              "the other Pi overlays do.")
        t.edit(OVL, "/dts-v1/;\n/plugin/;\n",
               "#include <dt-bindings/gpio/gpio.h>\n#include <dt-bindings/interrupt-controller/irq.h>\n\n/dts-v1/;\n/plugin/;\n")
        t.bash(f"make {CROSS} O=~/build/rpi5 -j16 dtbs", "Build the device trees again",
               out=kmake(H + "/build/rpi5", "  DTCO    arch/arm64/boot/dts/overlays/tvs2210.dtbo"))
        t.bash(f"make {CROSS} O=~/build/rpi5 INSTALL_MOD_PATH=/tmp/rpi5-mods INSTALL_MOD_STRIP=1 modules_install 2>&1 | tail -n 4",
               "Stage the modules", out="""  INSTALL /tmp/rpi5-mods/lib/modules/6.6.58-v8-16k+/kernel/drivers/iio/pressure/tvs2210_core.ko
  INSTALL /tmp/rpi5-mods/lib/modules/6.6.58-v8-16k+/kernel/drivers/iio/pressure/tvs2210_i2c.ko
  INSTALL /tmp/rpi5-mods/lib/modules/6.6.58-v8-16k+/kernel/sound/usb/snd-usb-audio.ko
  DEPMOD  /tmp/rpi5-mods/lib/modules/6.6.58-v8-16k+""")
        t.bash("rsync -a /tmp/rpi5-mods/lib/modules/6.6.58-v8-16k+/ pi5:/tmp/mods/ && "
               "scp ~/build/rpi5/arch/arm64/boot/dts/overlays/tvs2210.dtbo pi5:/tmp/ && "
               "ssh pi5 'sudo rsync -a /tmp/mods/ /lib/modules/6.6.58-v8-16k+/ && sudo cp /tmp/tvs2210.dtbo /boot/firmware/overlays/ "
               "&& echo dtoverlay=tvs2210 | sudo tee -a /boot/firmware/config.txt && sudo systemctl reboot'",
               "Install modules and overlay on the Pi and reboot", out="dtoverlay=tvs2210")
        t.bash("sleep 60; ssh pi5 'sudo dmesg | grep -iE \"tvs2210|iio\"; cat /sys/bus/iio/devices/iio:device0/in_pressure_raw'",
               "Check the driver probed from the overlay",
               out="[    4.882104] tvs2210-i2c 1-0076: supply vdd not found, using dummy regulator\n"
                   "[    4.882391] tvs2210-i2c 1-0076: supply vddio not found, using dummy regulator\n6484102")
        t.done("The overlay builds and is installed. After the reboot, `tvs2210-i2c 1-0076` probes on its own from the "
               "overlay (udev loads the modules by modalias). Pressure reads 6484102 raw, about 101.31 kPa. The first "
               "dtbs build failed because the overlay had no `#include` for the gpio and irq dt-bindings headers. The "
               "dummy-regulator lines are expected: the breakout's supplies aren't described in the overlay.")

        t = d.task("add data-ready interrupt + triggered buffer support to the core (here in the rpi tree first, I'll "
                   "port it over). use dev_err_probe for the irq and trigger failures too, same rule as the rest of probe. "
                   "rebuild, reload on the pi, and capture a trace-cmd of the i2c traffic during a short buffered capture",
                   tags=["pref:P1", "long_output"])
        RCORE = RPI + "/drivers/iio/pressure/tvs2210_core.c"
        t.read(RCORE)
        t.edit(RCORE, "#include <linux/iio/iio.h>\n",
               "#include <linux/iio/buffer.h>\n#include <linux/iio/iio.h>\n#include <linux/iio/trigger.h>\n"
               "#include <linux/iio/trigger_consumer.h>\n#include <linux/iio/triggered_buffer.h>\n")
        t.edit(RCORE, "static const struct iio_info tvs2210_info = {\n",
               """static irqreturn_t tvs2210_trigger_handler(int irq, void *p)
{
	struct iio_poll_func *pf = p;
	struct iio_dev *indio_dev = pf->indio_dev;
	struct tvs2210_data *data = iio_priv(indio_dev);
	struct {
		u32 press;
		s16 temp;
		s64 ts __aligned(8);
	} scan = { };
	unsigned int temp;
	int press, ret;

	ret = tvs2210_read_press(data, &press);
	if (ret)
		goto out;
	ret = regmap_read(data->regmap, TVS2210_REG_TEMP, &temp);
	if (ret)
		goto out;
	scan.press = press;
	scan.temp = temp;

	iio_push_to_buffers_with_timestamp(indio_dev, &scan, pf->timestamp);
out:
	iio_trigger_notify_done(indio_dev->trig);
	return IRQ_HANDLED;
}

static const struct iio_info tvs2210_info = {
""")
        t.edit(RCORE, "\tindio_dev->modes = INDIO_DIRECT_MODE;\n",
               """	indio_dev->modes = INDIO_DIRECT_MODE;

	if (irq > 0) {
		struct iio_trigger *trig;

		trig = devm_iio_trigger_alloc(dev, "%s-dev%d", indio_dev->name,
					      iio_device_id(indio_dev));
		if (!trig)
			return -ENOMEM;

		ret = devm_request_irq(dev, irq, iio_trigger_generic_data_rdy_poll,
				       IRQF_NO_THREAD, indio_dev->name, trig);
		if (ret)
			return dev_err_probe(dev, ret, "failed to request irq %d\\n", irq);

		ret = devm_iio_trigger_register(dev, trig);
		if (ret)
			return dev_err_probe(dev, ret, "failed to register trigger\\n");
		indio_dev->trig = iio_trigger_get(trig);
	}

	ret = devm_iio_triggered_buffer_setup(dev, indio_dev, iio_pollfunc_store_time,
					      tvs2210_trigger_handler, NULL);
	if (ret)
		return dev_err_probe(dev, ret, "failed to set up buffer\\n");
""")
        t.bash(f"make {CROSS} O=~/build/rpi5 -j16 modules", "Rebuild the Pi modules", timeout=1800000,
               out=kmake(H + "/build/rpi5", f"""  CALL    {RPI}/scripts/checksyscalls.sh
  CC [M]  drivers/iio/pressure/tvs2210_core.o
  MODPOST Module.symvers
  CC [M]  drivers/iio/pressure/tvs2210_core.mod.o
  LD [M]  drivers/iio/pressure/tvs2210_core.ko"""))
        t.bash("scp ~/build/rpi5/drivers/iio/pressure/tvs2210_core.ko pi5:/tmp/ && ssh pi5 'sudo rmmod tvs2210_i2c tvs2210_core "
               "&& sudo insmod /tmp/tvs2210_core.ko && sudo insmod /lib/modules/6.6.58-v8-16k+/kernel/drivers/iio/pressure/tvs2210_i2c.ko "
               "&& ls /sys/bus/iio/devices/'", "Reload the new core on the Pi",
               out="iio:device0\ntrigger0")
        t.bash("ssh pi5 'cd /sys/bus/iio/devices/iio:device0 && echo tvs2210-dev0 | sudo tee trigger/current_trigger "
               "&& echo 1 | sudo tee scan_elements/in_pressure_en scan_elements/in_temp_en scan_elements/in_timestamp_en "
               "&& sudo trace-cmd record -e i2c:i2c_write -e i2c:i2c_reply -e irq:irq_handler_entry -o /tmp/tvs.dat "
               "sh -c \"echo 1 > buffer/enable; sleep 0.2; echo 0 > buffer/enable\"'",
               "Record i2c and irq events during a short buffered capture",
               out="tvs2210-dev0\n1\n  plugin 'function'\nHit Ctrl^C to stop recording\n"
                   "CPU0 data recorded at offset=0x4f6000\n    4096 bytes in size (24576 uncompressed)\n"
                   "CPU1 data recorded at offset=0x4f7000\n    0 bytes in size (0 uncompressed)\n"
                   "CPU2 data recorded at offset=0x4f7000\n    0 bytes in size (0 uncompressed)\n"
                   "CPU3 data recorded at offset=0x4f7000\n    0 bytes in size (0 uncompressed)")
        rows = []
        ts = 9411.204817
        for k in range(8):
            rows.append(f"          <idle>-0     [000] d.h1.  {ts:.6f}: irq_handler_entry:    irq=183 name=tvs2210")
            ts += 0.000061
            rows.append(f"   irq/184-tvs2210-2291  [000] .....  {ts:.6f}: i2c_write:            i2c-1 #0 a=076 f=0000 l=1 [20]")
            ts += 0.000402
            rows.append(f"   irq/184-tvs2210-2291  [000] .....  {ts:.6f}: i2c_reply:            i2c-1 #1 a=076 f=0001 l=3 [{0x33 + k:02x}-f0-62]")
            ts += 0.000044
            rows.append(f"   irq/184-tvs2210-2291  [000] .....  {ts:.6f}: i2c_write:            i2c-1 #0 a=076 f=0000 l=1 [23]")
            ts += 0.000291
            rows.append(f"   irq/184-tvs2210-2291  [000] .....  {ts:.6f}: i2c_reply:            i2c-1 #1 a=076 f=0001 l=1 [8e]")
            ts += 0.024902
        t.bash("ssh pi5 'trace-cmd report -i /tmp/tvs.dat | head -n 44'", "Show the trace",
               out="cpus=4\n" + "\n".join(rows[:40]))
        t.done("Triggered buffer support is in the rpi tree's core. The data-ready IRQ drives a trigger "
               "(`tvs2210-dev0`), and the handler reads pressure (3 bytes at 0x20) and temperature (0x23) and pushes "
               "them with a timestamp. If there's no IRQ, the buffer still works with any other trigger. All new "
               "failure paths use `dev_err_probe()`.\n\n"
               "In the trace, each data-ready interrupt is followed by the two register reads. Reading the 3-byte "
               "pressure and the temperature takes about 0.8 ms on the bus at 100 kHz, and samples arrive every ~25 ms "
               "(40 Hz ODR). Worth moving i2c1 to 400 kHz in the overlay (`clock-frequency`) before you measure "
               "latency.")

        t = d.task("has raspberrypi/linux rpi-6.6.y moved since I branched? fetch and tell me how far behind we are and "
                   "whether anything touches iio, i2c or the overlays", tags=["flaky:F1", "noise"])
        t.fail("git fetch origin rpi-6.6.y", "Fetch upstream rpi-6.6.y",
               "fatal: unable to access 'https://github.com/raspberrypi/linux.git/': Failed to connect to github.com port "
               "443 after 133971 ms: Couldn't connect to server", code=128)
        t.bash("git fetch origin rpi-6.6.y", "Fetch upstream rpi-6.6.y",
               out="From https://github.com/raspberrypi/linux\n * branch                      rpi-6.6.y  -> FETCH_HEAD\n"
                   "   5c8f2d91a4e0..b2e07c6d9f31  rpi-6.6.y  -> origin/rpi-6.6.y")
        t.bash("git rev-list --count HEAD..origin/rpi-6.6.y && git log --oneline HEAD..origin/rpi-6.6.y -- drivers/iio "
               "drivers/i2c arch/arm/boot/dts/overlays", "How far behind, and relevant commits",
               out="87\nb2e07c6d9f31 overlays: Add i2c-sensor support for SHT4x variants\n"
                   "4a1d93e0c7b2 i2c: designware: Fix RP1 clock stretching timeout\n"
                   "0f6e25c81d47 overlays: README: document spi0-1cs cs0_pin parameter")
        t.done("The first fetch timed out connecting to github.com; the same fetch worked on retry. The branch is 87 "
               "commits behind `origin/rpi-6.6.y`. Three touch the paths you care about: an i2c-sensor overlay update, "
               "an RP1 DesignWare I2C clock-stretching fix (relevant to the sensor on i2c1), and an overlay README "
               "tweak. No conflicts with the tvs2210 overlay are expected.")

    # ================= S5 (acceptEdits) =================
    with d.session("2026-10-15T14:02:00", KX, branch="main", version="2.1.125", permission_mode="acceptEdits"):
        t = d.task("switching to kx7 for a bit. remind me how the module is laid out and how it gets built and "
                   "installed on the workstations", tags=["noise"])
        t.glob("**/*", [KX + "/Kbuild", KX + "/Makefile", KX + "/dkms.conf", KX + "/kx7.h", KX + "/kx7_main.c",
                        KX + "/kx7_dma.c", KX + "/kx7_fpga.c", KX + "/include/uapi/linux/kx7.h",
                        KX + "/tools/kx7-dmatest.c", KX + "/README.md"])
        t.read(KX + "/Kbuild")
        t.read(KX + "/Makefile")
        t.read(KX + "/dkms.conf")
        t.read(KX + "/kx7.h")
        t.done("- One module, `kx7.ko`, built from `kx7_main.c` (PCI probe, BARs, char device `/dev/kx7-N`, ioctls), "
               "`kx7_dma.c` (4 DMA channels, wait-queue completion with a 500 ms timeout) and `kx7_fpga.c` (registers "
               "an FPGA manager for partial reconfiguration, which is why it depends on `fpga-mgr`). Kbuild adds "
               "`include/` so the uapi header `linux/kx7.h` is shared with userspace.\n"
               "- `make` builds against the running kernel's headers (`KDIR` defaults to `/lib/modules/$(uname -r)/build`); "
               "`make tools` builds `tools/kx7-dmatest`.\n"
               "- Workstations get it through DKMS: `dkms.conf` (version 2.4.0, installed to `updates/dkms`, "
               "AUTOINSTALL) so it's rebuilt on kernel updates. `KX7_DRV_VERSION` in kx7.h should match.")

        t = d.task("channel 2 times out when the card streams at full rate: the 500 ms isn't enough for the 4 MiB bursts "
                   "of the new FPGA image. make the timeout a module parameter dma_timeout_ms (default 500), build it, "
                   "load it here with 2000 and run kx7-dmatest. commit when it works", tags=["mistake:M3"])
        DMA = KX + "/kx7_dma.c"
        t.read(DMA)
        t.edit(DMA, "#include <linux/jiffies.h>\n", "#include <linux/jiffies.h>\n#include <linux/moduleparam.h>\n")
        t.edit(DMA, "#define KX7_DMA_TIMEOUT_MS\t500\n",
               "static unsigned int dma_timeout_ms = 500;\nmodule_param(dma_timeout_ms, uint, 0644);\n"
               "MODULE_PARM_DESC(dma_timeout_ms, \"DMA transfer timeout in milliseconds (default 500)\");\n")
        t.edit(DMA, "msecs_to_jiffies(KX7_DMA_TIMEOUT_MS)", "msecs_to_jiffies(READ_ONCE(dma_timeout_ms))")
        t.bash("make", "Build kx7.ko", out=kx_build(["kx7_main.o", "kx7_dma.o", "kx7_fpga.o"]))
        t.fail("sudo insmod ./kx7.ko dma_timeout_ms=2000", "Load the freshly built module", insmod_unknown("./kx7.ko"))
        t.bash("sudo dmesg | tail -n 6", "Why it failed",
               out="""[41877.203554] kx7: loading out-of-tree module taints kernel.
[41877.203561] kx7: module verification failed: signature and/or required key missing - tainting kernel
[41877.204127] kx7: Unknown symbol devm_fpga_mgr_register (err -2)
[41877.204160] kx7: Unknown symbol fpga_image_info_alloc (err -2)
[41877.204181] kx7: Unknown symbol fpga_mgr_load (err -2)
[41877.204199] kx7: Unknown symbol fpga_image_info_free (err -2)""")
        t.say("kx7 needs the FPGA manager framework, which is a module on the Ubuntu kernel and isn't loaded yet (kx7 "
              "isn't installed on this box, so nothing has pulled it in). Loading it first, then the same insmod.")
        t.bash("sudo modprobe fpga_mgr", "Load the FPGA manager core")
        t.bash("sudo insmod ./kx7.ko dma_timeout_ms=2000 && sudo dmesg | tail -n 3 && cat /sys/module/kx7/parameters/dma_timeout_ms",
               "Load kx7 again",
               out="[41903.881204] kx7 0000:41:00.0: enabling device (0000 -> 0002)\n"
                   "[41903.881690] kx7 0000:41:00.0: KX7 rev 3, fw 2.11.0, 4 DMA channels, 5 MSI-X vectors\n"
                   "[41903.882011] fpga_manager fpga0: KX7 partial reconfiguration registered\n2000")
        t.bash("sudo ./tools/kx7-dmatest 500", "Stream 500 x 4 MiB", out="500 transfers of 4096 KiB: 3184.6 MiB/s")
        t.bash("git commit -s -am \"kx7: dma: make the transfer timeout a module parameter\" -m \"The new capture image "
               "(fw 2.11) moves 4 MiB per burst on each channel. At full link rate a burst on channel 2 regularly takes "
               "more than the fixed 500 ms timeout, so kx7_dma_start() returned -ETIMEDOUT although the transfer "
               "completed shortly after.\" -m \"Add a dma_timeout_ms module parameter (default 500 ms, writable at "
               "runtime through sysfs) and read it with READ_ONCE() when arming the wait. Other options considered: "
               "scaling the timeout with the transfer length, which needs the link width and speed from the PCIe "
               "capability and is not reliable behind the switch on the carrier board; and making the wait "
               "interruptible, which would change the ioctl's error semantics for existing users. Both can be revisited "
               "once the firmware reports transfer progress.\" -m \"Tested on kx7-ws14 with fw 2.11.0: 500 transfers "
               "of 4 MiB at 3184 MiB/s with dma_timeout_ms=2000, no timeouts; with the default 500 ms, channel 2 timed "
               "out 3 times in 500 transfers.\"", "Commit",
               out="[main 8c2f4e1] kx7: dma: make the transfer timeout a module parameter\n 1 file changed, 5 insertions(+), 2 deletions(-)")
        t.done("`dma_timeout_ms` is a module parameter now (default 500, mode 0644, read with `READ_ONCE`). The first "
               "`insmod` failed on unknown FPGA-manager symbols: `fpga_mgr` wasn't loaded, because insmod doesn't "
               "resolve dependencies. After loading it, kx7 loads with `dma_timeout_ms=2000` and 500 × 4 MiB transfers "
               "ran at 3184.6 MiB/s without a timeout. Committed as 8c2f4e1.")

        t = d.task("add a -v option to kx7-dmatest that verifies the pattern the FPGA test image writes (incrementing "
                   "u32 per word, restarting at 0 for each transfer) and reports the first mismatch", tags=["oneoff:O2"])
        TST = KX + "/tools/kx7-dmatest.c"
        t.read(TST)
        t.edit(TST, "\tunsigned int count = argc > 1 ? atoi(argv[1]) : 1000;\n",
               "\tbool verify = argc > 1 && !strcmp(argv[1], \"-v\");\n"
               "\tunsigned int count = argc > 1 + verify ? atoi(argv[1 + verify]) : 1000;\n")
        t.edit(TST, "\t\t\treturn 1;\n\t\t}\n\t}\n",
               "\t\t\treturn 1;\n\t\t}\n"
               "\t\tif (verify) {\n"
               "\t\t\tconst __u32 *w = buf;\n\n"
               "\t\t\tfor (size_t k = 0; k < len / 4; k++) {\n"
               "\t\t\t\tif (w[k] != (__u32)k) {\n"
               "\t\t\t\t\tfprintf(stderr, \"transfer %u: word %zu is 0x%08x, expected 0x%08zx\\n\",\n"
               "\t\t\t\t\t\ti, k, w[k], k);\n"
               "\t\t\t\t\treturn 2;\n"
               "\t\t\t\t}\n"
               "\t\t\t}\n"
               "\t\t}\n"
               "\t}\n")
        src = d.files[TST].split("\n")
        lb = next(i for i, l in enumerate(src, 1) if "bool verify" in l)
        t.fail("make tools", "Build kx7-dmatest",
               f"""cc -Wall -Wextra -O2 -Iinclude/uapi -o tools/kx7-dmatest tools/kx7-dmatest.c
tools/kx7-dmatest.c: In function ‘main’:
tools/kx7-dmatest.c:{lb}:9: error: unknown type name ‘bool’
   {lb} |         bool verify = argc > 1 && !strcmp(argv[1], "-v");
      |         ^~~~
tools/kx7-dmatest.c:13:1: note: ‘bool’ is defined in header ‘<stdbool.h>’; did you forget to ‘#include <stdbool.h>’?
   12 | #include <linux/kx7.h>
  +++ |+#include <stdbool.h>
   13 | 
make: *** [Makefile:14: tools/kx7-dmatest] Error 1""", code=2)
        t.say("The tool is C17, so `bool` needs `<stdbool.h>`. Adding the include.")
        t.edit(TST, "#include <errno.h>\n", "#include <errno.h>\n#include <stdbool.h>\n")
        t.bash("make tools", "Build kx7-dmatest again",
               out="cc -Wall -Wextra -O2 -Iinclude/uapi -o tools/kx7-dmatest tools/kx7-dmatest.c")
        t.bash("sudo ./tools/kx7-dmatest -v 200", "Run with verification",
               out="200 transfers of 4096 KiB: 2911.3 MiB/s")
        t.done("`kx7-dmatest -v [count]` checks every 32-bit word against its index after each transfer and exits 2 "
               "with the transfer, word offset and both values on the first mismatch. 200 verified transfers passed "
               "(2911 MiB/s, slower because of the check). The first build failed only because `<stdbool.h>` was "
               "missing.")

        t = d.task("install it as DKMS kx7 2.4.1 on this box so it survives kernel updates; bump the version wherever "
                   "it lives", tags=["workflow:W2"])
        t.edit(KX + "/dkms.conf", 'PACKAGE_VERSION="2.4.0"', 'PACKAGE_VERSION="2.4.1"')
        t.edit(KX + "/kx7.h", '#define KX7_DRV_VERSION\t\t"2.4.0"', '#define KX7_DRV_VERSION\t\t"2.4.1"')
        t.bash("sudo rmmod kx7 && sudo rsync -a --delete --exclude .git --exclude '*.o' --exclude '*.ko' --exclude tools/kx7-dmatest "
               "./ /usr/src/kx7-2.4.1/", "Unload the test module and copy the source to /usr/src")
        t.bash("sudo dkms add kx7/2.4.1", "Register with DKMS",
               out="Creating symlink /var/lib/dkms/kx7/2.4.1/source -> /usr/src/kx7-2.4.1")
        t.bash("sudo dkms install kx7/2.4.1", "Build, sign and install", timeout=600000, out=dkms_install("2.4.1"))
        t.bash("dkms status kx7 && modinfo kx7 | head -n 8", "Verify",
               out="kx7/2.4.1, 6.8.0-47-generic, x86_64: installed\n" + "\n".join(modinfo_kx7("2.4.1", "B7E1C0F4A2D95C3318E06A7").split("\n")[:8]))
        t.bash("git commit -s -am \"kx7: bump version to 2.4.1\"", "Commit the version bump",
               out="[main 19a6d0b] kx7: bump version to 2.4.1\n 2 files changed, 2 insertions(+), 2 deletions(-)")
        t.done("kx7 2.4.1 is installed through DKMS for 6.8.0-47-generic. It is signed with the machine's MOK key, "
               "installed to `updates/dkms` and depmod'ed, and `modinfo` shows version 2.4.1 with `depends: fpga-mgr`. "
               "It gets rebuilt automatically on kernel updates. I unloaded the hand-loaded test module; the DKMS one "
               "loads by PCI alias at the next boot.")

    # ================= S6 =================
    with d.session("2026-10-19T09:47:00", KX, branch="main", version="2.1.126"):
        t = d.task("checkpatch kx7_main.c and kx7_dma.c. Gerd wants the driver checkpatch-clean before 2.5 even though "
                   "it's out of tree", tags=["mistake:M2"])
        t.fail("~/src/linux/scripts/checkpatch.pl --no-tree kx7_main.c kx7_dma.c", "checkpatch the kx7 sources",
               cp_nodiff(["kx7_main.c", "kx7_dma.c"], strict=False))
        t.say("Same thing as with a patch series: without file mode checkpatch expects a diff. Running it on the files "
              "as source.")
        t.bash("~/src/linux/scripts/checkpatch.pl --no-tree -f kx7_main.c kx7_dma.c", "checkpatch in file mode",
               out=cp_clean([("kx7_main.c", 512), ("kx7_dma.c", lines_of(d.files[KX + "/kx7_dma.c"]))], strict=False))
        t.done("Both files are clean in file mode: 0 errors, 0 warnings (kx7_main.c 512 lines, kx7_dma.c 67 lines). The "
               "first run only complained that the files weren't a unified diff.")

        fb = ("the commit message you wrote for the DMA timeout patch last week was way too long, I had to cut half of "
              "it before I pushed.")
        t = d.task("the dma timeout warning should also say how long the transfer was. fix the dev_warn in kx7_dma.c, "
                   "build, commit. and about commit messages: " + fb + " kernel style please: subject, then a short "
                   "paragraph on why, wrapped at 72. no alternatives-considered essays", tags=["feedback"], feedback=fb)
        DMA = KX + "/kx7_dma.c"
        t.read(DMA)
        t.edit(DMA, "\t\tdev_warn(&kdev->pdev->dev, \"dma ch%u: timeout, status 0x%08x\\n\",\n\t\t\t ch, ioread32(",
               "\t\tdev_warn(&kdev->pdev->dev, \"dma ch%u: timeout after %u ms, len %u, status 0x%08x\\n\",\n"
               "\t\t\t ch, dma_timeout_ms, len, ioread32(")
        t.bash("make", "Build", out=kx_build(["kx7_dma.o"]))
        t.bash("git commit -s -am \"kx7: dma: report timeout and length on DMA timeouts\" -m \"A timeout warning without "
               "the transfer length and the timeout in effect does not\ntell whether the burst was simply too big for "
               "dma_timeout_ms. Print both.\"", "Commit with a short message",
               out="[main 2f7b9e3] kx7: dma: report timeout and length on DMA timeouts\n 1 file changed, 2 insertions(+), 2 deletions(-)")
        t.done("The warning now reads `dma chN: timeout after <ms> ms, len <bytes>, status 0x…`. It builds and is "
               "committed as 2f7b9e3, with the subject and a two-line body on why. Noted for the future: subject plus "
               "a short why-paragraph wrapped at 72, nothing more.")

        d.precompact("Analysis: Ingrid Halvorsen (Tervik Instruments) works on two things: upstreaming the TVS2210 IIO "
                     "pressure driver (~/src/linux, branch tvs2210, on iio/togreg; Pi 5 backport in ~/src/linux-rpi on "
                     "rpi-6.6.y-tvs2210; QEMU arm64 boot tests in ~/build/qemu-arm64) and the out-of-tree kx7 PCIe FPGA "
                     "capture card driver (~/src/kx7-driver, DKMS on Ubuntu 24.04 kernel 6.8.0-47-generic).\n"
                     "Summary:\n1. v1 of the TVS2210 series (3 patches + cover letter) is in outgoing/v1, not sent by "
                     "Claude. Buffer/trigger support exists in the rpi tree only.\n2. kx7: dma_timeout_ms module "
                     "parameter (8c2f4e1), kx7-dmatest -v, DKMS 2.4.1 installed (19a6d0b), checkpatch-clean main/dma, "
                     "timeout warning with length (2f7b9e3).\n3. User preferences so far: dev_err_probe() for every "
                     "probe error; cherry-pick -x for backports; version changelog in the cover letter only; short "
                     "kernel-style commit messages.\n4. Current work: refresh the DKMS install with today's commits.")

        t = d.task("rebuild the DKMS package as 2.4.2 with the two commits since 2.4.1 and make sure the running kernel "
                   "actually has it loaded", tags=["workflow:W2"])
        t.read(KX + "/dkms.conf")
        t.edit(KX + "/dkms.conf", 'PACKAGE_VERSION="2.4.1"', 'PACKAGE_VERSION="2.4.2"')
        t.read(KX + "/kx7.h")
        t.edit(KX + "/kx7.h", '#define KX7_DRV_VERSION\t\t"2.4.1"', '#define KX7_DRV_VERSION\t\t"2.4.2"')
        t.bash("sudo dkms remove kx7/2.4.1 --all", "Remove 2.4.1 from DKMS", out=dkms_remove("2.4.1"))
        t.bash("sudo rsync -a --delete --exclude .git --exclude '*.o' --exclude '*.ko' --exclude tools/kx7-dmatest "
               "./ /usr/src/kx7-2.4.2/ && sudo dkms add kx7/2.4.2", "Copy the source and register 2.4.2",
               out="Creating symlink /var/lib/dkms/kx7/2.4.2/source -> /usr/src/kx7-2.4.2")
        t.bash("sudo dkms install kx7/2.4.2", "Build, sign and install 2.4.2", timeout=600000, out=dkms_install("2.4.2"))
        t.bash("dkms status kx7 && modinfo kx7 | grep -E '^(version|srcversion|depends):'", "Verify the installed module",
               out="kx7/2.4.2, 6.8.0-47-generic, x86_64: installed\nversion:        2.4.2\n"
                   "srcversion:     4D0A93E1F7B26C58A1E90C2\ndepends:        fpga-mgr")
        t.bash("sudo rmmod kx7 && sudo insmod /lib/modules/6.8.0-47-generic/updates/dkms/kx7.ko.zst && cat /sys/module/kx7/version "
               "/sys/module/kx7/srcversion", "Swap the running module for the DKMS build",
               out="2.4.2\n4D0A93E1F7B26C58A1E90C2")
        t.bash("git commit -s -am \"kx7: bump version to 2.4.2\"", "Commit the bump",
               out="[main 6e04c2a] kx7: bump version to 2.4.2\n 2 files changed, 2 insertions(+), 2 deletions(-)")
        t.done("DKMS now has kx7 2.4.2 only (2.4.1 removed). It's built, signed and installed for 6.8.0-47-generic, "
               "and the running module is the DKMS build: `/sys/module/kx7/version` is 2.4.2 and its srcversion "
               "matches `modinfo`. Version bump committed as 6e04c2a.")

        t = d.task("there's also the 6.11 HWE kernel installed as a fallback (6.11.0-19-generic). build kx7 for it too. "
                   "don't install any packages on this box though, IT images the workstations", tags=["unfixed:U1"])
        t.fail("sudo dkms install kx7/2.4.2 -k 6.11.0-19-generic", "Build kx7 for the HWE kernel",
               "Error! Your kernel headers for kernel 6.11.0-19-generic cannot be found at "
               "/lib/modules/6.11.0-19-generic/build or /lib/modules/6.11.0-19-generic/source.\n"
               "Please install the linux-headers-6.11.0-19-generic package or use the --kernelsourcedir option to tell "
               "DKMS where it's located.", code=1)
        t.bash("ls /lib/modules/6.11.0-19-generic/ && apt-cache policy linux-headers-6.11.0-19-generic",
               "Check what is there for 6.11",
               out="kernel\nmodules.alias\nmodules.alias.bin\nmodules.builtin\nmodules.builtin.alias.bin\n"
                   "modules.builtin.bin\nmodules.builtin.modinfo\nmodules.dep\nmodules.dep.bin\nmodules.devname\n"
                   "modules.order\nmodules.softdep\nmodules.symbols\nmodules.symbols.bin\nvdso\n"
                   "linux-headers-6.11.0-19-generic:\n  Installed: (none)\n  Candidate: 6.11.0-19.19~24.04.1\n"
                   "  Version table:\n     6.11.0-19.19~24.04.1 500\n        500 http://archive.ubuntu.com/ubuntu "
                   "noble-updates/main amd64 Packages")
        t.done("Can't do it without installing something. The 6.11.0-19 kernel is installed without its headers (no "
               "`build/` link in /lib/modules/6.11.0-19-generic), so DKMS has nothing to build against. "
               "`linux-headers-6.11.0-19-generic` (6.11.0-19.19~24.04.1) is available, but you said no package "
               "installs. That's a request for IT. Once the headers are there, AUTOINSTALL builds kx7 for 6.11 on its "
               "own.")

    # ================= S7 =================
    with d.session("2026-10-22T10:18:00", LX, branch="tvs2210-v2", version="2.1.127"):
        d.files[CORE] = d.files[RPI + "/drivers/iio/pressure/tvs2210_core.c"]
        t = d.task("v1 review from Jonathan: (1) use iio_device_claim_direct_scoped() in read_raw instead of the "
                   "claim/release pair, (2) the chip-id mismatch should be dev_warn, not dev_info. also, I've ported the "
                   "buffer patch here already. and check probe: the final devm_iio_device_register() return needs "
                   "dev_err_probe() as well, every error out of probe goes through dev_err_probe() in my drivers, no "
                   "exceptions. build with W=1 C=1 and fold the fixes into the right commits", tags=["pref:P1"])
        t.read(CORE)
        t.edit(CORE, """		ret = iio_device_claim_direct_mode(indio_dev);
		if (ret)
			return ret;
		if (chan->type == IIO_PRESSURE)
			ret = tvs2210_read_press(data, val);
		else
			ret = regmap_read(data->regmap, TVS2210_REG_TEMP, val);
		iio_device_release_direct_mode(indio_dev);
		if (ret)
			return ret;
		return IIO_VAL_INT;
""", """		iio_device_claim_direct_scoped(return -EBUSY, indio_dev) {
			if (chan->type == IIO_PRESSURE)
				ret = tvs2210_read_press(data, val);
			else
				ret = regmap_read(data->regmap, TVS2210_REG_TEMP, val);
			if (ret)
				return ret;
			return IIO_VAL_INT;
		}
		unreachable();
""")
        t.edit(CORE, "\t\tdev_info(dev, \"unknown chip id 0x%02x\\n\", id);",
               "\t\tdev_warn(dev, \"unknown chip id 0x%02x\\n\", id);")
        t.edit(CORE, "\treturn devm_iio_device_register(dev, indio_dev);\n",
               "\tret = devm_iio_device_register(dev, indio_dev);\n\tif (ret)\n"
               "\t\treturn dev_err_probe(dev, ret, \"failed to register iio device\\n\");\n\n\treturn 0;\n")
        t.bash("make O=~/build/x86 W=1 C=1 -j16 drivers/iio/pressure/", "Build with W=1 and sparse",
               out=kmake(H + "/build/x86", f"""  CALL    {LX}/scripts/checksyscalls.sh
  CC [M]  drivers/iio/pressure/tvs2210_core.o
  CHECK   {LX}/drivers/iio/pressure/tvs2210_core.c
  CC [M]  drivers/iio/pressure/tvs2210_i2c.o
  CHECK   {LX}/drivers/iio/pressure/tvs2210_i2c.c"""))
        t.bash("git add -u drivers/iio/pressure && git commit -q --fixup=\":/add Tervik TVS2210 driver\" && "
               "GIT_SEQUENCE_EDITOR=: git rebase -q -i --autosquash iio/togreg && git log --oneline iio/togreg..HEAD",
               "Fold the fixes into the driver commit",
               out="Successfully rebased and updated refs/heads/tvs2210-v2.\n"
                   "d93a7c15e0b4 iio: pressure: tvs2210: add triggered buffer support\n"
                   "f1c26b8e4d07 iio: pressure: add Tervik TVS2210 driver\n"
                   "c81d3e0f2a47 dt-bindings: iio: pressure: add Tervik TVS2210\n"
                   "5be2f81c0a96 dt-bindings: vendor-prefixes: add Tervik Instruments")
        t.done("Both review points are done: `read_raw` uses `iio_device_claim_direct_scoped()`, and the chip-id "
               "mismatch is a `dev_warn`. The register call at the end of probe now goes through `dev_err_probe()`, so "
               "every error return in probe does. W=1 with sparse (`C=1`) is clean. The fixup is folded into "
               "\"add Tervik TVS2210 driver\" (the buffer patch rebased on top without conflicts).")

        t = d.task("v2 time: format-patch -v2 with the cover letter into outgoing/v2, changelog in the cover letter as "
                   "agreed, then checkpatch and get_maintainer", tags=["workflow:W1"])
        files = fp_out(2, 4)
        t.bash("git format-patch -v2 --cover-letter --base=iio/togreg -o outgoing/v2 iio/togreg..HEAD",
               "Generate the v2 series", out="\n".join(files))
        CL2 = LX + "/" + files[0]
        d.files[CL2] = cover(2, 4, "Thu, 22 Oct 2026 12:26:30 +0200")
        t.read(CL2)
        t.edit(CL2, "Subject: [PATCH v2 0/4] *** SUBJECT HERE ***\n\n*** BLURB HERE ***\n",
               "Subject: [PATCH v2 0/4] iio: pressure: add Tervik TVS2210 support\n\n"
               "The TVS2210 is a barometric pressure and temperature sensor with I2C\n"
               "and SPI interfaces, a 32-sample FIFO and a data-ready interrupt.\n"
               "This series adds the vendor prefix, the binding and an IIO driver\n"
               "(core + I2C), now with triggered buffer support.\n\n"
               "Changes in v2:\n"
               "- new patch 4: triggered buffer, data-ready trigger when an IRQ is wired\n"
               "- read_raw: use iio_device_claim_direct_scoped() (Jonathan)\n"
               "- unknown chip id: dev_warn instead of dev_info (Jonathan)\n"
               "- probe: dev_err_probe() on the iio_device_register() failure too\n\n"
               "Link to v1: https://lore.kernel.org/r/20261009101532.41877-1-ingrid.halvorsen@tervik.com\n")
        t.bash("./scripts/checkpatch.pl --strict outgoing/v2/v2-000[1-4]-*.patch", "checkpatch the patches",
               out=cp_clean([(files[1], 14), (files[2], 84), (files[3], 503), (files[4], 131)]))
        t.bash("./scripts/get_maintainer.pl --norolestats outgoing/v2/v2-000[1-4]-*.patch", "Recipients",
               out=MAINTAINERS_OUT)
        t.done("`outgoing/v2/` has the cover letter and 4 patches. The whole v1→v2 changelog is in the cover letter, "
               "with a lore link to v1, and the patches carry none. checkpatch `--strict` is clean. Recipients are the "
               "same as v1 (Jonathan, Lars, Rob, Krzysztof, Conor, linux-iio, devicetree, LKML). Not sent.")

        t = d.task("rebuild the qemu kernel with the v2 branch and boot it again, with the buffer selftest this time",
                   tags=["workflow:W3"])
        t.bash(f"make {CROSS} O=~/build/qemu-arm64 -j16 Image", "Rebuild the arm64 Image", timeout=1800000,
               out=kmake(H + "/build/qemu-arm64", f"""  CALL    {LX}/scripts/checksyscalls.sh
  CC      drivers/iio/pressure/tvs2210_core.o
  AR      drivers/iio/pressure/built-in.a
  AR      drivers/iio/built-in.a
  AR      drivers/built-in.a
  AR      built-in.a
  AR      vmlinux.a
  LD      vmlinux.o
  MODPOST vmlinux.symvers
  LD      vmlinux
  NM      System.map
  SORTTAB vmlinux
  OBJCOPY arch/arm64/boot/Image"""))
        t.bash(QEMU.replace("i2c_stub.chip_addr=0x76", "i2c_stub.chip_addr=0x76 tvs_selftest=buffer") + " | tail -n 8",
               "Boot and run the buffer selftest", timeout=360000,
               out=qemu_boot(extra_dmesg="\nselftest: buffer: trigger tvs2210-dev0 not available (no irq), using hrtimer trigger\n"
                             "selftest: buffer: 16 scans read", tail_lines=8, ver="6.10.0-rc3-00410-gd93a7c15e0b4",
                             built="Thu Oct 22 12:29:58 CEST 2026"))
        t.bash("grep -nE \"BUG:|WARNING:|Oops|Call trace\" /tmp/qemu-tvs.log || echo \"no splats\"",
               "Scan for splats", out="no splats")
        t.done("v2 boots fine on arm64 QEMU. The buffer selftest ran: i2c-stub has no interrupt, so it used an hrtimer "
               "trigger and read 16 scans, then PASS. The log has no BUG, WARNING, Oops or call trace.")

        t = d.task("what does iio_device_claim_direct_scoped actually protect against? the buffer getting enabled mid "
                   "read?", tags=["noise", "no_tools"])
        t.done("Yes. It takes `indio_dev->mlock` and fails with -EBUSY if the device is in buffered mode. Inside the "
               "scope, nobody can enable the buffer, so your single-shot read can't interleave with the trigger "
               "handler's register reads or change the sensor mode under it. The lock is released when the scope "
               "exits, which is why you `return` from inside the block; the `unreachable()` after it keeps the "
               "compiler from warning about a missing return. It does not serialise against other sysfs reads by "
               "itself; that's what the lock in your regmap is for.")

    # ================= S8 =================
    with d.session("2026-10-26T09:16:00", LX, branch="tvs2210-v3", version="2.1.128"):
        t = d.task("add the SPI front end: tvs2210_spi.c, Kconfig TVS2210_SPI, Makefile. and an overlay for the i.MX8MP "
                   "EVK: sensor on ecspi2 CS0 at 10 MHz, irq on GPIO4_IO20 falling, reset GPIO4_IO21 active low. build "
                   "the spi module and the dtbo in ~/build/imx8mp", tags=["mistake:M1"])
        t.write(P + "tvs2210_spi.c", SPI_C)
        t.read(P + "Kconfig")
        t.edit(P + "Kconfig", "\t  To compile this driver as a module, choose M here: the modules\n\t  will be called tvs2210_i2c and tvs2210_core.\n\n",
               "\t  To compile this driver as a module, choose M here: the modules\n\t  will be called tvs2210_i2c and tvs2210_core.\n\n"
               "config TVS2210_SPI\n\ttristate \"Tervik TVS2210 pressure and temperature sensor (SPI)\"\n"
               "\tdepends on SPI_MASTER\n\tselect REGMAP_SPI\n\tselect TVS2210\n\thelp\n"
               "\t  Say yes here to build support for the Tervik TVS2210 barometric\n"
               "\t  pressure and temperature sensor connected via SPI.\n\n"
               "\t  To compile this driver as a module, choose M here: the modules\n"
               "\t  will be called tvs2210_spi and tvs2210_core.\n\n")
        t.read(P + "Makefile")
        t.edit(P + "Makefile", "obj-$(CONFIG_TVS2210_I2C) += tvs2210_i2c.o\n",
               "obj-$(CONFIG_TVS2210_I2C) += tvs2210_i2c.o\nobj-$(CONFIG_TVS2210_SPI) += tvs2210_spi.o\n")
        DTSO = LX + "/arch/arm64/boot/dts/freescale/imx8mp-evk-tvs2210-spi.dtso"
        t.write(DTSO, IMX_DTSO)
        t.bash(f"scripts/kconfig/merge_config.sh -m -O ~/build/imx8mp ~/build/imx8mp/.config ~/kfrag/tvs2210-spi.config && "
               f"make {CROSS} O=~/build/imx8mp olddefconfig && make {CROSS} O=~/build/imx8mp -j16 modules",
               "Enable TVS2210_SPI and build the i.MX8MP modules", timeout=1800000,
               out=f"""Using {H}/build/imx8mp/.config as base
Merging {H}/kfrag/tvs2210-spi.config
#
# merged configuration written to {H}/build/imx8mp/.config (needs make)
#
make[1]: Entering directory '{H}/build/imx8mp'
  GEN     Makefile
#
# configuration written to .config
#
make[1]: Leaving directory '{H}/build/imx8mp'
""" + kmake(H + "/build/imx8mp", f"""  CALL    {LX}/scripts/checksyscalls.sh
  CC [M]  drivers/iio/pressure/tvs2210_core.o
  CC [M]  drivers/iio/pressure/tvs2210_spi.o
  MODPOST Module.symvers
  CC [M]  drivers/iio/pressure/tvs2210_core.mod.o
  LD [M]  drivers/iio/pressure/tvs2210_core.ko
  CC [M]  drivers/iio/pressure/tvs2210_spi.mod.o
  LD [M]  drivers/iio/pressure/tvs2210_spi.ko"""))
        t.fail(f"make {CROSS} O=~/build/imx8mp freescale/imx8mp-evk-tvs2210-spi.dtbo", "Build the EVK overlay",
               f"""make[1]: Entering directory '{H}/build/imx8mp'
  GEN     Makefile
  DTC     arch/arm64/boot/dts/freescale/imx8mp-evk-tvs2210-spi.dtbo
Error: {LX}/arch/arm64/boot/dts/freescale/imx8mp-evk-tvs2210-spi.dtso:21.20-21 syntax error
FATAL ERROR: Unable to parse input tree
make[3]: *** [{LX}/scripts/Makefile.lib:431: arch/arm64/boot/dts/freescale/imx8mp-evk-tvs2210-spi.dtbo] Error 1
make[2]: *** [{LX}/Makefile:1472: freescale/imx8mp-evk-tvs2210-spi.dtbo] Error 2
make[1]: *** [{LX}/Makefile:240: __sub-make] Error 2
make[1]: Leaving directory '{H}/build/imx8mp'
make: *** [Makefile:240: __sub-make] Error 2""", code=2)
        t.say("Line 21 is `interrupts = <20 IRQ_TYPE_EDGE_FALLING>`. Like the Pi overlay, the .dtso is compiled on its "
              "own, so it doesn't inherit the includes from imx8mp.dtsi; `IRQ_TYPE_EDGE_FALLING` and `GPIO_ACTIVE_LOW` "
              "are undefined. Adding the two dt-bindings includes.")
        t.edit(DTSO, "/dts-v1/;\n/plugin/;\n",
               "#include <dt-bindings/gpio/gpio.h>\n#include <dt-bindings/interrupt-controller/irq.h>\n\n/dts-v1/;\n/plugin/;\n")
        t.bash(f"make {CROSS} O=~/build/imx8mp freescale/imx8mp-evk-tvs2210-spi.dtbo", "Build the EVK overlay again",
               out=kmake(H + "/build/imx8mp", "  DTC     arch/arm64/boot/dts/freescale/imx8mp-evk-tvs2210-spi.dtbo"))
        t.done("The SPI front end is in place: `tvs2210_spi.c` sets the read flag (bit 7) on a copy of the shared "
               "regmap config, with the Kconfig `TVS2210_SPI` (selects `REGMAP_SPI` and `TVS2210`) and the Makefile "
               "line. `tvs2210_spi.ko` and `tvs2210_core.ko` are built in ~/build/imx8mp. The EVK overlay (ecspi2 CS0, "
               "10 MHz, GPIO4_IO20 falling, reset GPIO4_IO21 active low) builds after adding the gpio and irq "
               "dt-bindings includes it was missing.")

        t = d.task("checkpatch the new spi file and commit it", tags=["mistake:M2"])
        t.fail("./scripts/checkpatch.pl --strict drivers/iio/pressure/tvs2210_spi.c", "checkpatch tvs2210_spi.c",
               cp_nodiff(["drivers/iio/pressure/tvs2210_spi.c"]))
        t.say("checkpatch again took the .c for a patch. File mode:")
        t.bash("./scripts/checkpatch.pl --strict --file drivers/iio/pressure/tvs2210_spi.c", "checkpatch in file mode",
               out=cp_clean([("drivers/iio/pressure/tvs2210_spi.c", lines_of(SPI_C))]))
        t.bash("git add drivers/iio/pressure/tvs2210_spi.c drivers/iio/pressure/Kconfig drivers/iio/pressure/Makefile && "
               "git commit -s -m \"iio: pressure: tvs2210: add SPI support\"", "Commit the SPI support",
               out="[tvs2210-v3 3a5e9d20c71f] iio: pressure: tvs2210: add SPI support\n 3 files changed, 81 insertions(+)\n"
                   " create mode 100644 drivers/iio/pressure/tvs2210_spi.c")
        t.done("`tvs2210_spi.c` is clean with `--strict` (0/0/0, 69 lines) and committed with the Kconfig and Makefile "
               "changes as 3a5e9d20c71f. The overlay isn't committed; it's a board file for testing, not for the "
               "series.")

        t = d.task("is the imx8 board up? copy the spi module, core and the dtbo over", tags=["unfixed:U2"])
        t.fail("ssh imx8 'uname -r'", "Check the board is reachable",
               "ssh: connect to host imx8mp-evk.lab.tervik.local port 22: No route to host", code=255)
        t.bash("ping -c 3 -W 1 imx8mp-evk.lab.tervik.local; true", "Ping the board",
               out="PING imx8mp-evk.lab.tervik.local (10.42.7.31) 56(84) bytes of data.\nFrom 10.42.7.1 icmp_seq=1 "
                   "Destination Host Unreachable\nFrom 10.42.7.1 icmp_seq=2 Destination Host Unreachable\n"
                   "From 10.42.7.1 icmp_seq=3 Destination Host Unreachable\n\n--- imx8mp-evk.lab.tervik.local ping "
                   "statistics ---\n3 packets transmitted, 0 received, +3 errors, 100% packet loss, time 2041ms")
        t.bash("timeout 8 picocom -b 115200 -q -x 5000 /dev/ttyUSB2; echo \"picocom exit $?\"",
               "Listen on the board's serial console for 5 s", out="picocom exit 0")
        t.done("The board is down. ssh gets \"No route to host\", the lab gateway answers \"Destination Host "
               "Unreachable\" for 10.42.7.31, and the serial console on /dev/ttyUSB2 is silent for 5 s, not even a "
               "U-Boot prompt. It looks powered off, so nothing was copied. Someone needs to check the board's PDU "
               "outlet in the lab.")

    # ================= S9 (SessionEnd other) =================
    with d.session("2026-10-29T13:06:00", LX, branch="tvs2210-v3", version="2.1.129", end_reason="other"):
        t = d.task("board is back (someone had unplugged the PDU). it boots my 6.10-rc3 imx8mp build over tftp with the "
                   "tvs2210-spi overlay in the FIT config now. copy core + spi modules over, load them by hand and check "
                   "the sensor reads sensible values over spi", tags=["mistake:M3"])
        t.bash("scp ~/build/imx8mp/drivers/iio/pressure/tvs2210_core.ko ~/build/imx8mp/drivers/iio/pressure/tvs2210_spi.ko imx8:",
               "Copy the modules to the board")
        t.fail("ssh imx8 'sudo insmod tvs2210_core.ko && sudo insmod tvs2210_spi.ko'", "Load core and spi modules",
               insmod_unknown("tvs2210_core.ko"))
        t.bash("ssh imx8 'sudo dmesg | grep tvs2210'", "Which symbols are missing",
               out="[  412.220871] tvs2210_core: Unknown symbol devm_iio_triggered_buffer_setup_ext (err -2)")
        t.say("That symbol comes from `industrialio-triggered-buffer`, which is a module in this config and hasn't been loaded "
              "(the IIO core itself is built in here). Loading it first.")
        t.bash("ssh imx8 'sudo modprobe industrialio-triggered-buffer'", "Load the triggered-buffer helper")
        t.bash("ssh imx8 'sudo insmod tvs2210_core.ko && sudo insmod tvs2210_spi.ko && sudo dmesg | tail -n 3'",
               "Load core and spi modules again",
               out="[  455.901337] tvs2210-spi spi1.0: supply vdd not found, using dummy regulator\n"
                   "[  455.901560] tvs2210-spi spi1.0: supply vddio not found, using dummy regulator\n"
                   "[  455.906113] spi_imx 30830000.spi: dma setup error -19, use pio")
        t.bash("ssh imx8 'cd /sys/bus/iio/devices/iio:device0 && grep -H . name in_pressure_raw in_temp_raw && "
               "cat /proc/interrupts | grep tvs2210'", "Read the channels and check the irq",
               out="name:tvs2210\nin_pressure_raw:6471936\nin_temp_raw:2813\n"
                   "212:          0          0          0          0  gpio-mxc  20 Edge      tvs2210")
        t.done("Working over SPI. The first `insmod` hit unknown symbols because `industrialio-triggered-buffer` "
               "wasn't loaded; after loading it, core and spi load. Readings: pressure 6471936 raw = 101.12 kPa, "
               "temperature 2813 raw = 21.98 °C. The data-ready IRQ (gpio-mxc 20, edge) is registered with 0 counts "
               "so far, which is expected until a buffer is enabled. The `dma setup error -19, use pio` line is the "
               "EVK's ecspi2 having no DMA channels in DT, and it's harmless at these sizes.")

        t = d.task("turn on KASAN, DEBUG_ATOMIC_SLEEP and PROVE_LOCKING in the qemu config, rebuild, boot the v3 branch "
                   "and show me the whole boot log this time", tags=["workflow:W3", "long_output"])
        t.bash(f"scripts/kconfig/merge_config.sh -m -O ~/build/qemu-arm64 ~/build/qemu-arm64/.config ~/kfrag/debug.config && "
               f"make {CROSS} O=~/build/qemu-arm64 olddefconfig && grep -E '^CONFIG_(KASAN|DEBUG_ATOMIC_SLEEP|PROVE_LOCKING)=' "
               "~/build/qemu-arm64/.config", "Enable the debug options",
               out=f"""Using {H}/build/qemu-arm64/.config as base
Merging {H}/kfrag/debug.config
#
# merged configuration written to {H}/build/qemu-arm64/.config (needs make)
#
make[1]: Entering directory '{H}/build/qemu-arm64'
  GEN     Makefile
#
# configuration written to .config
#
make[1]: Leaving directory '{H}/build/qemu-arm64'
CONFIG_KASAN=y
CONFIG_DEBUG_ATOMIC_SLEEP=y
CONFIG_PROVE_LOCKING=y""")
        t.bash(f"make {CROSS} O=~/build/qemu-arm64 -j16 Image 2>&1 | tail -n 5", "Full rebuild with the debug options",
               timeout=3600000,
               out="  LD      vmlinux\n  NM      System.map\n  SORTTAB vmlinux\n  OBJCOPY arch/arm64/boot/Image\n"
                   f"make[1]: Leaving directory '{H}/build/qemu-arm64'")
        t.bash(QEMU.replace("i2c_stub.chip_addr=0x76", "i2c_stub.chip_addr=0x76 tvs_selftest=buffer"),
               "Boot the debug kernel and run the selftests", timeout=600000,
               out=qemu_boot(extra_dmesg="\n[    1.204118] Lock dependency validator: Copyright (c) 2006 Red Hat, Inc., Ingo Molnar\n"
                             "selftest: buffer: trigger tvs2210-dev0 not available (no irq), using hrtimer trigger\n"
                             "selftest: buffer: 16 scans read", kasan=True, ver="6.10.0-rc3-00411-g3a5e9d20c71f",
                             built="Thu Oct 29 14:12:50 CET 2026"))
        t.bash("grep -nE \"BUG:|WARNING:|Oops|Call trace|possible circular|sleeping function\" /tmp/qemu-tvs.log || echo \"no splats\"",
               "Scan for KASAN, lockdep and might_sleep reports", out="no splats")
        t.done("Full boot log above. With KASAN (generic), lockdep and DEBUG_ATOMIC_SLEEP, the v3 branch boots, probes "
               "the sensor on i2c-stub, and passes both the sysfs read and the 16-scan buffer selftest. There are no "
               "KASAN reports, no lockdep warnings and no \"sleeping function called from invalid context\".")

        t = d.task("v3: format-patch -v3 into outgoing/v3. Jonathan asked for per-patch changelogs now, so put the changes "
                   "below the --- line in each patch that changed, not in the cover letter; the cover letter just gets the "
                   "summary and a link to v2. then checkpatch and get_maintainer as usual",
                   tags=["workflow:W1", "reversal:P3"])
        files = fp_out(3, 5)
        t.bash("git format-patch -v3 --cover-letter --base=iio/togreg -o outgoing/v3 iio/togreg..HEAD",
               "Generate the v3 series", out="\n".join(files))
        P3F = LX + "/" + files[3]
        d.files[P3F] = patch_file(3, 3, 5, "Mon, 5 Oct 2026 11:25:30 +0200",
                                  "Add an IIO driver for the Tervik TVS2210 barometric pressure and\n"
                                  "temperature sensor. The driver is split into a core and an I2C\n"
                                  "front end so that SPI can be added without duplicating the IIO code.",
                                  " MAINTAINERS                         |   9 +\n drivers/iio/pressure/Kconfig        |  26 +\n"
                                  " drivers/iio/pressure/Makefile       |   2 +\n drivers/iio/pressure/tvs2210.h      |  58 ++\n"
                                  " drivers/iio/pressure/tvs2210_core.c | 301 ++++++++++++++\n"
                                  " drivers/iio/pressure/tvs2210_i2c.c  |  63 +++\n 6 files changed, 459 insertions(+)")
        t.read(P3F)
        t.edit(P3F, "Signed-off-by: Ingrid Halvorsen <ingrid.halvorsen@tervik.com>\n---\n",
               "Signed-off-by: Ingrid Halvorsen <ingrid.halvorsen@tervik.com>\n---\n"
               "v3:\n - no changes\n"
               "v2:\n - read_raw: iio_device_claim_direct_scoped() (Jonathan)\n"
               " - unknown chip id: dev_warn instead of dev_info (Jonathan)\n"
               " - probe: dev_err_probe() on the register failure too\n\n")
        CL3 = LX + "/" + files[0]
        d.files[CL3] = cover(3, 5, "Thu, 29 Oct 2026 14:17:10 +0100")
        t.read(CL3)
        t.edit(CL3, "Subject: [PATCH v3 0/5] *** SUBJECT HERE ***\n\n*** BLURB HERE ***\n",
               "Subject: [PATCH v3 0/5] iio: pressure: add Tervik TVS2210 support\n\n"
               "Driver for the Tervik TVS2210 barometric pressure and temperature\n"
               "sensor: binding, core with triggered buffer, I2C and (new in v3)\n"
               "SPI front ends. Per-patch changes are below the --- of each patch.\n\n"
               "Link to v2: https://lore.kernel.org/r/20261022103012.77312-1-ingrid.halvorsen@tervik.com\n")
        t.bash("./scripts/checkpatch.pl --strict outgoing/v3/v3-000[1-5]-*.patch", "checkpatch the patches",
               out=cp_clean([(files[1], 14), (files[2], 84), (files[3], 512), (files[4], 131), (files[5], 97)]))
        t.bash("./scripts/get_maintainer.pl --norolestats outgoing/v3/v3-000[1-5]-*.patch", "Recipients",
               out=MAINTAINERS_OUT)
        t.done("`outgoing/v3/` has the cover letter and 5 patches (new: patch 5, SPI). Changelogs are now per patch, "
               "below the `---` of each changed patch (v3 and v2 entries in patch 3). The cover letter has only the "
               "summary and the lore link to v2. checkpatch `--strict` is clean and the recipients "
               "are unchanged from v2. Not sent.")

    # ================= S10 =================
    with d.session("2026-11-02T09:31:00", KX, branch="main", version="2.1.130"):
        t = d.task("tag 2.5.0 and put it on this box through DKMS, replacing 2.4.2", tags=["workflow:W2"])
        t.read(KX + "/dkms.conf")
        t.edit(KX + "/dkms.conf", 'PACKAGE_VERSION="2.4.2"', 'PACKAGE_VERSION="2.5.0"')
        t.read(KX + "/kx7.h")
        t.edit(KX + "/kx7.h", '#define KX7_DRV_VERSION\t\t"2.4.2"', '#define KX7_DRV_VERSION\t\t"2.5.0"')
        t.bash("git commit -s -am \"kx7: release 2.5.0\" && git tag -a v2.5.0 -m \"kx7 2.5.0\"", "Commit and tag",
               out="[main a07d3f8] kx7: release 2.5.0\n 2 files changed, 2 insertions(+), 2 deletions(-)")
        t.bash("sudo dkms remove kx7/2.4.2 --all", "Remove 2.4.2", out=dkms_remove("2.4.2"))
        t.bash("sudo rsync -a --delete --exclude .git --exclude '*.o' --exclude '*.ko' --exclude tools/kx7-dmatest "
               "./ /usr/src/kx7-2.5.0/ && sudo dkms add kx7/2.5.0", "Copy the source and register 2.5.0",
               out="Creating symlink /var/lib/dkms/kx7/2.5.0/source -> /usr/src/kx7-2.5.0")
        t.bash("sudo dkms install kx7/2.5.0", "Build, sign and install 2.5.0", timeout=600000, out=dkms_install("2.5.0"))
        t.bash("dkms status && modinfo kx7 | grep -E '^(version|depends|signer):'", "Verify",
               out="kx7/2.5.0, 6.8.0-47-generic, x86_64: installed\nnvidia/550.120, 6.8.0-47-generic, x86_64: installed\n"
                   "version:        2.5.0\ndepends:        fpga-mgr\nsigner:         kx7-ws14 Secure Boot Module Signature key")
        t.done("Tagged v2.5.0 (commit a07d3f8) and replaced 2.4.2 with 2.5.0 in DKMS. It's built, signed with the MOK "
               "key and installed for 6.8.0-47-generic; `modinfo` shows 2.5.0. The running module is still 2.4.2 until "
               "you reboot or reload it. The HWE kernel still has no headers, so DKMS skips it.")

        t = d.task("for the release notes: the commits since v2.4.0, and lspci -vv of the card so I can paste the link "
                   "status", tags=["noise", "long_output"])
        t.bash("git log --oneline v2.4.0..v2.5.0", "Commits since 2.4.0",
               out="a07d3f8 kx7: release 2.5.0\n6e04c2a kx7: bump version to 2.4.2\n"
                   "2f7b9e3 kx7: dma: report timeout and length on DMA timeouts\n19a6d0b kx7: bump version to 2.4.1\n"
                   "5d41b0e tools: kx7-dmatest: add -v pattern verification\n"
                   "8c2f4e1 kx7: dma: make the transfer timeout a module parameter\n"
                   "c3e9a17 kx7: fpga: check the partial bitstream header before loading\n"
                   "71b8f05 kx7: main: use pcim_iomap_regions()\n"
                   "e0a2d64 kx7: uapi: add KX7_IOC_GET_FW\n4f9c1b3 dkms: set AUTOINSTALL")
        t.bash("sudo lspci -vv -s 41:00.0", "Card details",
               out="""41:00.0 Multimedia controller: Tervik Instruments AB KX7 PCIe capture card (rev 03)
	Subsystem: Tervik Instruments AB KX7 PCIe capture card
	Control: I/O- Mem+ BusMaster+ SpecCycle- MemWINV- VGASnoop- ParErr- Stepping- SERR- FastB2B- DisINTx+
	Status: Cap+ 66MHz- UDF- FastB2B- ParErr- DEVSEL=fast >TAbort- <TAbort- <MAbort- >SERR- <PERR- INTx-
	Latency: 0, Cache Line Size: 64 bytes
	Interrupt: pin A routed to IRQ 118
	IOMMU group: 31
	Region 0: Memory at f4800000 (32-bit, non-prefetchable) [size=64K]
	Region 2: Memory at 38000000000 (64-bit, prefetchable) [size=16M]
	Capabilities: [40] Power Management version 3
		Flags: PMEClk- DSI- D1- D2- AuxCurrent=0mA PME(D0-,D1-,D2-,D3hot-,D3cold-)
		Status: D0 NoSoftRst+ PME-Enable- DSel=0 DScale=0 PME-
	Capabilities: [70] Express (v2) Endpoint, MSI 00
		DevCap:	MaxPayload 512 bytes, PhantFunc 0, Latency L0s <64ns, L1 <1us
			ExtTag+ AttnBtn- AttnInd- PwrInd- RBE+ FLReset- SlotPowerLimit 75W
		DevCtl:	CorrErr- NonFatalErr- FatalErr- UnsupReq-
			RlxdOrd+ ExtTag+ PhantFunc- AuxPwr- NoSnoop+
			MaxPayload 256 bytes, MaxReadReq 512 bytes
		DevSta:	CorrErr- NonFatalErr- FatalErr- UnsupReq- AuxPwr- TransPend-
		LnkCap:	Port #0, Speed 8GT/s, Width x8, ASPM not supported
			ClockPM- Surprise- LLActRep- BwNot- ASPMOptComp+
		LnkCtl:	ASPM Disabled; RCB 64 bytes, Disabled- CommClk+
			ExtSynch- ClockPM- AutWidDis- BWInt- AutBWInt-
		LnkSta:	Speed 8GT/s, Width x8
			TrErr- Train- SlotClk+ DLActive- BWMgmt- ABWMgmt-
		DevCap2: Completion Timeout: Range BC, TimeoutDis+ NROPrPrP- LTR-
		DevCtl2: Completion Timeout: 50us to 50ms, TimeoutDis- LTR- 10BitTagReq- OBFF Disabled,
		LnkCtl2: Target Link Speed: 8GT/s, EnterCompliance- SpeedDis-
		LnkSta2: Current De-emphasis Level: -6dB, EqualizationComplete+ EqualizationPhase1+
			EqualizationPhase2+ EqualizationPhase3+ LinkEqualizationRequest-
	Capabilities: [b0] MSI-X: Enable+ Count=5 Masked-
		Vector table: BAR=0 offset=00008000
		PBA: BAR=0 offset=00008100
	Capabilities: [100 v1] Advanced Error Reporting
		UESta:	DLP- SDES- TLP- FCP- CmpltTO- CmpltAbrt- UnxCmplt- RxOF- MalfTLP- ECRC- UnsupReq- ACSViol-
		UEMsk:	DLP- SDES- TLP- FCP- CmpltTO- CmpltAbrt- UnxCmplt- RxOF- MalfTLP- ECRC- UnsupReq- ACSViol-
		CESta:	RxErr- BadTLP- BadDLLP- Rollover- Timeout- AdvNonFatalErr-
		AERCap:	First Error Pointer: 00, ECRCGenCap- ECRCGenEn- ECRCChkCap- ECRCChkEn-
	Capabilities: [1c0 v1] Secondary PCI Express
		LnkCtl3: LnkEquIntrReq- PerformEqu-
		LaneErrStat: 0
	Kernel driver in use: kx7
	Kernel modules: kx7""")
        t.done("Since v2.4.0, 10 commits:\n- dma: transfer timeout as module parameter `dma_timeout_ms`; the timeout "
               "warning reports timeout and length\n- fpga: partial bitstream header checked before loading\n"
               "- main: `pcim_iomap_regions()`\n- uapi: `KX7_IOC_GET_FW`\n- tools: `kx7-dmatest -v` pattern "
               "verification\n- packaging: DKMS AUTOINSTALL, version bumps 2.4.1 → 2.4.2 → 2.5.0\n\n"
               "Link status for the notes: `LnkSta: Speed 8GT/s, Width x8`. That is the full capability (Gen3 x8), "
               "negotiated at MaxPayload 256 / MaxReadReq 512, with MSI-X enabled (5 vectors) and no AER errors "
               "logged.")

    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "Device-tree sources written by Claude (a binding's example, a Raspberry Pi overlay, an "
                            "i.MX8MP .dtso overlay) use dt-bindings macros (IRQ_TYPE_*, GPIO_ACTIVE_LOW) without the "
                            "#include of the header that defines them. Examples and overlays are preprocessed on their "
                            "own, so nothing includes the headers for them; cpp leaves the bare names and dtc stops.",
             "error_signature": "Error: <file>.dts[o]:<line>.<col>-<col> syntax error / FATAL ERROR: Unable to parse "
                                "input tree (from make dt_binding_check, make dtbs, make <board>.dtbo)",
             "fix": "Add `#include <dt-bindings/interrupt-controller/irq.h>` (and `<dt-bindings/gpio/gpio.h>`) to the "
                    "example or at the top of the overlay, then run the same make target again.",
             "fix_command_markers": [["#include <dt-bindings/"]],
             "harmful_markers": ["DTC_FLAGS", "dtc -f"]},
            {"id": "M2",
             "description": "scripts/checkpatch.pl is run on source files (.c/.h) the way it is run on patches. "
                            "Without file mode it expects a unified diff and reports nothing useful.",
             "error_signature": "ERROR: Does not appear to be a unified-diff format patch / total: 1 errors, 0 "
                                "warnings, 0 lines checked (exit 1)",
             "fix": "Run checkpatch in file mode: the same command with `-f` / `--file` (plus `--no-tree` out of tree).",
             "fix_command_markers": [["--file", "--strict -f", "--no-tree -f"]],
             "harmful_markers": ["--ignore", "--max-line-length"]},
            {"id": "M3",
             "description": "A freshly built module is loaded by hand with insmod on a target where the modules it "
                            "depends on (industrialio, industrialio-triggered-buffer, fpga_mgr) are modules that are not "
                            "loaded yet. insmod does not resolve dependencies.",
             "error_signature": "insmod: ERROR: could not insert module <path>.ko: Unknown symbol in module "
                                "(dmesg: <mod>: Unknown symbol <sym> (err -2))",
             "fix": "Load the dependencies first with modprobe (`modprobe industrialio`, "
                    "`modprobe fpga_mgr`, `modprobe industrialio-triggered-buffer`), then repeat the insmod.",
             "fix_command_markers": [["modprobe"]],
             "harmful_markers": ["insmod -f", "--force"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "x86 W=1 build: `error: implicit declaration of function ‘FIELD_GET’ "
                                        "[-Werror=implicit-function-declaration]` in tvs2210_core.c; "
                                        "`#include <linux/bitfield.h>` added, same make passes."},
            {"id": "O2", "description": "`make tools`: `error: unknown type name ‘bool’` in tools/kx7-dmatest.c after "
                                        "adding -v; `#include <stdbool.h>` added, same make passes."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "`sudo dkms install kx7/2.4.2 -k 6.11.0-19-generic`: `Error! Your kernel headers "
                                        "for kernel 6.11.0-19-generic cannot be found …`; the user forbids package "
                                        "installs, left for IT."},
            {"id": "U2", "description": "`ssh imx8 'uname -r'`: `ssh: connect to host imx8mp-evk.lab.tervik.local port "
                                        "22: No route to host`; board powered off, nothing to do from the workstation."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "`git fetch origin rpi-6.6.y`: `fatal: unable to access "
                                        "'https://github.com/raspberrypi/linux.git/': Failed to connect to github.com "
                                        "port 443 after 133971 ms: Couldn't connect to server`; identical retry works."},
        ],
        workflows=[
            {"id": "W1", "description": "Patch series prep: `git format-patch [-vN] --cover-letter --base=iio/togreg -o "
                                        "outgoing/vN`, fill in the cover letter, `./scripts/checkpatch.pl --strict` on "
                                        "the patches, `./scripts/get_maintainer.pl` for recipients; never send.",
             "step_markers": [["format-patch"], ["checkpatch.pl --strict outgoing/"], ["get_maintainer.pl"]]},
            {"id": "W2", "description": "DKMS release on the workstation: bump dkms.conf/KX7_DRV_VERSION, (`dkms remove "
                                        "<old> --all`), rsync the tree to /usr/src/kx7-<ver>, `dkms add`, `dkms install`, "
                                        "`dkms status` + `modinfo`.",
             "step_markers": [["dkms add"], ["dkms install kx7/"], ["dkms status"], ["modinfo"]]},
            {"id": "W3", "description": "arm64 QEMU boot test: build `Image` in ~/build/qemu-arm64 (CROSS_COMPILE "
                                        "aarch64-linux-gnu-), boot with qemu-system-aarch64 -M virt and the i2c-stub "
                                        "selftest initramfs, tee to /tmp/qemu-tvs.log, grep the log for splats.",
             "step_markers": [["build/qemu-arm64 -j16 Image"], ["qemu-system-aarch64"], ["/tmp/qemu-tvs.log"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Every error return in a probe function goes through dev_err_probe(), never "
                                        "dev_err() + return.",
             "markers": [["dev_err_probe"]]},
            {"id": "P2", "description": "Backports are cherry-picked with `git cherry-pick -x` to keep the upstream ids.",
             "markers": [["cherry-pick -x"]]},
            {"id": "P3", "description": "Version changelog in the cover letter only (T09), later reversed: per-patch "
                                        "changelogs below the --- line, cover letter only summary + link (T32).",
             "markers": [["changelog"], ["cover letter"]],
             "reversal_markers": [["below the ---"], ["per-patch"]]},
        ],
        probes=[
            {"prompt": "make dtbs dies on the new tvs2230 overlay: \"Error: arch/arm64/boot/dts/overlays/tvs2230-overlay.dts:19.33-34 "
                       "syntax error\" then \"FATAL ERROR: Unable to parse input tree\". line 19 is the interrupts property. what's wrong?",
             "wanted": ["M1"]},
            {"prompt": "Write the dt-binding for the TVS2230 humidity sensor, with an example that has a reset GPIO "
                       "(active low) and a level-low interrupt, and run dt_binding_check on it.",
             "wanted": ["M1"]},
            {"prompt": "checkpatch on kx7_fpga.c just says ERROR: Does not appear to be a unified-diff format patch, "
                       "total: 1 errors, 0 warnings, 0 lines checked. is the file broken?",
             "wanted": ["M2"]},
            {"prompt": "Before I send the follow-up fix, run checkpatch over drivers/iio/pressure/tvs2210_core.c and "
                       "tvs2210.h and tell me what it flags.",
             "wanted": ["M2"]},
            {"prompt": "insmod: ERROR: could not insert module /tmp/tvs2210_core.ko: Unknown symbol in module — on the "
                       "pi5 right after a reboot into a clean 6.6.58 build. how do I get it loaded?",
             "wanted": ["M3"]},
            {"prompt": "The i.MX8 board was reflashed with a fresh 6.10 image from ~/build/imx8mp. Copy the current "
                       "tvs2210 core and spi modules over and load them by hand so I can check the readings.",
             "wanted": ["M3"]},
            {"prompt": "What's the difference between spi_sync() and spi_async(), and which one should a sensor driver use?",
             "wanted": []},
            {"prompt": "Explain what the Fixes: and Cc: stable tags do when a patch gets backported.",
             "wanted": []},
            {"prompt": "Summarise how DKMS decides which kernels it rebuilds a module for after an apt upgrade.",
             "wanted": []},
            {"prompt": "Write a short README section for kx7 describing the dma_timeout_ms module parameter.",
             "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "kernel-drv.jsonl"), os.path.join(HERE, "tune", "kernel-drv.labels.json"))
    print(f"kernel-drv -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
