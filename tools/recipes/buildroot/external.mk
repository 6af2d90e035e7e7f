include $(sort $(wildcard $(BR2_EXTERNAL_AXIPERF_PATH)/package/*/*.mk))
